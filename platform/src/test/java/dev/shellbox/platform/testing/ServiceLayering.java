package dev.shellbox.platform.testing;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noMethods;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The layering every service keeps, rest -> service -> repository/client, as rules over a service's main classes:
 * resources never reach a repository and open no transaction, services never take or return what the rest layer
 * declares.
 */
public final class ServiceLayering {
    private static final String WITH_TRANSACTION = "io.quarkus.hibernate.reactive.panache.common.WithTransaction";
    private static final String TRANSACTIONAL = "jakarta.transaction.Transactional";

    private final String basePackage;
    private final JavaClasses main;

    private ServiceLayering(String basePackage) {
        this.basePackage = basePackage;
        this.main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(basePackage);
    }

    /** The rules for the service whose classes live under {@code basePackage} ({@code dev.shellbox.vfs}). */
    public static ServiceLayering of(String basePackage) {
        return new ServiceLayering(basePackage);
    }

    public void checkRestNeverUsesRepositories() {
        noClasses()
                .that()
                .resideInAPackage(rest())
                .should()
                .dependOnClassesThat()
                .resideInAPackage(basePackage + ".repository..")
                .check(main);
    }

    public void checkServicesNeverUseRest() {
        noClasses()
                .that()
                .resideInAPackage(basePackage + ".service..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(rest())
                .check(main);
    }

    /**
     * Services own transactions: no resource is {@code @WithTransaction} or {@code @Transactional}, nor calls a
     * {@code withTransaction} (Panache's, a session factory's or a SQL pool's).
     */
    public void checkRestOpensNoTransactions() {
        noClasses()
                .that()
                .resideInAPackage(rest())
                .should()
                .beAnnotatedWith(WITH_TRANSACTION)
                .orShould()
                .beAnnotatedWith(TRANSACTIONAL)
                .orShould()
                .callMethodWhere(target(name("withTransaction")))
                .check(main);
        noMethods()
                .that()
                .areDeclaredInClassesThat()
                .resideInAPackage(rest())
                .should()
                .beAnnotatedWith(WITH_TRANSACTION)
                .orShould()
                .beAnnotatedWith(TRANSACTIONAL)
                .check(main);
    }

    /** No resource uses {@code type}: a helper that belongs to the layers below. */
    public void checkRestNeverUses(Class<?> type) {
        noClasses()
                .that()
                .resideInAPackage(rest())
                .should()
                .dependOnClassesThat()
                .belongToAnyOf(type)
                .check(main);
    }

    private String rest() {
        return basePackage + ".rest..";
    }
}
