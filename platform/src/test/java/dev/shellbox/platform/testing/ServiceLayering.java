package dev.shellbox.platform.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The layering every service keeps, rest -> service -> repository/client, as rules over a service's main classes:
 * resources never reach a repository, services never take or return what the rest layer declares.
 */
public final class ServiceLayering {
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
                .resideInAPackage(basePackage + ".rest..")
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
                .resideInAPackage(basePackage + ".rest..")
                .check(main);
    }
}
