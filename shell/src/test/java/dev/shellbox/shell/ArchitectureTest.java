package dev.shellbox.shell;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.shellbox.shell.interp.Variable;
import org.junit.jupiter.api.Test;

/** The engine's rooms and the one-way rules between them, checked on the compiled main classes. */
class ArchitectureTest {
    private static final String SHELL = "dev.shellbox.shell";
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(SHELL);

    @Test
    void syntaxKnowsNoOtherRoomOfTheEngine() {
        noClasses()
                .that()
                .resideInAPackage(SHELL + ".syntax..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        SHELL + ".expand..",
                        SHELL + ".interp..",
                        SHELL + ".command..",
                        SHELL + ".commands..",
                        SHELL + ".cli..")
                .check(MAIN);
    }

    @Test
    void expandSitsBelowTheInterpreter() {
        noClasses()
                .that()
                .resideInAPackage(SHELL + ".expand..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(SHELL + ".interp..", SHELL + ".command..", SHELL + ".commands..", SHELL + ".cli..")
                .check(MAIN);
    }

    @Test
    void commandsNeverReachIntoTheInterpreter() {
        noClasses()
                .that()
                .resideInAPackage(SHELL + ".commands..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(SHELL + ".interp..", SHELL + ".expand..", SHELL + ".syntax..", SHELL + ".cli..")
                .check(MAIN);
    }

    @Test
    void theInterpreterKnowsTheCommandSpiNotTheCommands() {
        noClasses()
                .that()
                .resideInAnyPackage(SHELL + ".interp..", SHELL + ".expand..", SHELL + ".syntax..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(SHELL + ".commands..")
                .check(MAIN);
    }

    @Test
    void builtinsReachTheInterpreterOnlyThroughTheirContext() {
        noClasses()
                .that()
                .resideInAPackage(SHELL + ".interp.builtins..")
                .should()
                .dependOnClassesThat(resideInAPackage(SHELL + ".interp").and(not(equivalentTo(Variable.class))))
                .because("a builtin asks BuiltinContext; a Variable is only read, never changed, by a builtin")
                .check(MAIN);
    }

    @Test
    void theCommandSpiDoesNotKnowTheImplementations() {
        noClasses()
                .that()
                .resideInAPackage(SHELL + ".command")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(SHELL + ".commands..")
                .check(MAIN);
    }

    @Test
    void theGnuLibraryUsesOnlyTheJdk() {
        classes()
                .that()
                .resideInAPackage(SHELL + ".gnu..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage("java..", SHELL + ".gnu..")
                .check(MAIN);
    }

    @Test
    void theNetworkSeamUsesOnlyTheJdk() {
        classes()
                .that()
                .resideInAPackage(SHELL + ".net..")
                .should()
                .onlyDependOnClassesThat()
                .resideInAnyPackage("java..", SHELL + ".net..")
                .check(MAIN);
    }

    @Test
    void theEngineNeverImportsQuarkus() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.quarkus..", "jakarta.ws..", "io.vertx..")
                .check(MAIN);
    }
}
