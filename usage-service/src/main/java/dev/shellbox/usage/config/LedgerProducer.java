package dev.shellbox.usage.config;

import dev.shellbox.usage.domain.QuotaLedger;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The one in-memory ledger of the service, on the UTC clock. */
public class LedgerProducer {
    @Produces
    @Singleton
    QuotaLedger quotaLedger() {
        return new QuotaLedger(Clock.systemUTC());
    }
}
