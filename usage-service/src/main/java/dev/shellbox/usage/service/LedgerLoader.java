package dev.shellbox.usage.service;

import dev.shellbox.usage.domain.DailyCounters;
import dev.shellbox.usage.domain.DailyUsage;
import dev.shellbox.usage.domain.Metering;
import dev.shellbox.usage.domain.QuotaLedger;
import dev.shellbox.usage.repository.DailyUsageRepository;
import dev.shellbox.usage.repository.SandboxStateRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Fills the in-memory ledger from PostgreSQL before the consumer starts: the folded counters from yesterday on and the
 * live sandboxes. From then on the fold keeps it current, so decisions never read the database.
 */
@ApplicationScoped
public class LedgerLoader {
    private static final Logger LOG = Logger.getLogger(LedgerLoader.class);

    private final QuotaLedger ledger;
    private final DailyUsageRepository dailyUsage;
    private final SandboxStateRepository sandboxes;
    private volatile boolean ready;

    public LedgerLoader(QuotaLedger ledger, DailyUsageRepository dailyUsage, SandboxStateRepository sandboxes) {
        this.ledger = ledger;
        this.dailyUsage = dailyUsage;
        this.sandboxes = sandboxes;
    }

    public Uni<Void> load() {
        return Panache.withSession(() -> dailyUsage
                        .since(ledger.today().minusDays(1))
                        .invoke(this::loadDaily)
                        .chain(rows -> sandboxes.liveByUser())
                        .invoke(live -> live.forEach(ledger::loadedLive))
                        .invoke(live -> LOG.infof("counters loaded; %d users have live sandboxes", live.size())))
                .invoke(() -> ready = true)
                .replaceWithVoid();
    }

    private void loadDaily(List<DailyUsage> rows) {
        for (DailyUsage row : rows) {
            DailyCounters counters =
                    Metering.contribution(row.getOperation(), row.getEvents(), row.getCount(), row.getContainerMs());
            if (!counters.isZero()) {
                ledger.loaded(row.getUserId(), row.getDay(), counters);
            }
        }
    }

    /** Whether the counters are loaded and decisions can be answered. */
    public boolean ready() {
        return ready;
    }
}
