package org.onepath.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.net.URISyntaxException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The floor plan, checked on the compiled library (state-format, core, store and this command),
 * as DESIGN.md section 1 draws it: no cycle between packages, no engine or cell package reading
 * the tier-1 package, and dependencies pointing one way from the command down to the state
 * format. Each rule is also run on small planted classes under {@code archfixture} to show that
 * it fails when the plan is broken.
 */
final class ArchitectureTest {
    private static JavaClasses library;

    @BeforeAll
    static void importLibrary() throws URISyntaxException {
        // The class folders or jars the four modules were loaded from, whatever the build's layout.
        List<Location> locations = List.of(
                locationOf(org.onepath.state.StateKind.class),
                locationOf(org.onepath.Grid.class),
                locationOf(org.onepath.store.GridStore.class),
                locationOf(OnePathCli.class));
        library = new ClassFileImporter().importLocations(locations);
    }

    private static Location locationOf(Class<?> type) throws URISyntaxException {
        return Location.of(
                type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Every class under {@code root} is its package's slice; the root package counts as one like any other. */
    static SliceAssignment byPackageUnder(String root) {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String name = javaClass.getPackageName();
                return name.equals(root) || name.startsWith(root + ".")
                        ? SliceIdentifier.of(name)
                        : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages under " + root;
            }
        };
    }

    /** No cycle between the packages under {@code root}. */
    static ArchRule noPackageCycles(String root) {
        return slices().assignedFrom(byPackageUnder(root)).should().beFreeOfCycles();
    }

    /**
     * Nothing below the facade (query drivers, snapshot adapters, derived tables, engines, cells,
     * memory) reads the tier-1 package itself.
     */
    static ArchRule nothingBelowReadsTheFacade(String root) {
        return noClasses()
                .that()
                .resideInAnyPackage(
                        root + ".cells..",
                        root + ".layout..",
                        root + ".memory..",
                        root + ".grids..",
                        root + ".graphs..",
                        root + ".tables..",
                        root + ".query..",
                        root + ".snapshot..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(root)
                .because("engines take the cells type, never the tier-1 Grid or HexGrid");
    }

    /**
     * The most top-level types the tier-1 package may hold: a bound that keeps helpers out of the
     * facade (they nest in the type they serve, or live below it). Raised from 35 to 40 when the
     * piecewise goal-bounds bake, path smoothing and the query service each brought one entry
     * point a user calls.
     */
    static final int ROOT_TYPE_LIMIT = 40;

    /**
     * The tier-1 package holds only what a user calls and reads: every top-level type is public,
     * but for a package-private base that a public type of the package extends (its fields are
     * part of that type).
     */
    static ArchRule rootHoldsOnlyTheApi(String root) {
        return classes()
                .that()
                .resideInAPackage(root)
                .and()
                .areTopLevelClasses()
                // the package's documentation, which javac compiles to a class of its own
                .and()
                .doNotHaveSimpleName("package-info")
                .should(new ArchCondition<JavaClass>("be public, or the base of a public type of " + root) {
                    @Override
                    public void check(JavaClass type, ConditionEvents events) {
                        boolean api = type.getModifiers().contains(JavaModifier.PUBLIC)
                                || type.getSubclasses().stream()
                                        .anyMatch(sub -> sub.getPackageName().equals(root)
                                                && sub.getModifiers().contains(JavaModifier.PUBLIC));
                        if (!api) {
                            events.add(SimpleConditionEvent.violated(
                                    type, type.getName() + " is neither public nor the base of a public type"));
                        }
                    }
                })
                .because("drivers and helpers belong in an internal package, not in the tier-1 API");
    }

    /** The layers of DESIGN.md section 1, each reading only those below it. */
    static ArchRule layers(String root) {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .withOptionalLayers(true)
                .layer("Command")
                .definedBy(root + ".cli..")
                .layer("Store")
                .definedBy(root + ".store..")
                .layer("Facade")
                .definedBy(root, root + ".io..", root + ".debug..")
                .layer("Drivers")
                .definedBy(root + ".query..", root + ".snapshot..")
                .layer("Tables")
                .definedBy(root + ".tables..")
                .layer("Engines")
                .definedBy(root + ".grids..", root + ".graphs..")
                .layer("Cells")
                .definedBy(root + ".cells..")
                .layer("Layouts")
                .definedBy(root + ".layout..")
                .layer("Memory")
                .definedBy(root + ".memory..")
                .layer("State")
                .definedBy(root + ".state..")
                .whereLayer("Command")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("Store")
                .mayOnlyBeAccessedByLayers("Command")
                .whereLayer("Facade")
                .mayOnlyBeAccessedByLayers("Store", "Command")
                .whereLayer("Drivers")
                .mayOnlyBeAccessedByLayers("Facade", "Store", "Command")
                .whereLayer("Tables")
                .mayOnlyBeAccessedByLayers("Drivers", "Facade", "Store", "Command")
                .whereLayer("Engines")
                .mayOnlyBeAccessedByLayers("Tables", "Drivers", "Facade", "Store", "Command")
                .whereLayer("Cells")
                .mayOnlyBeAccessedByLayers("Engines", "Tables", "Drivers", "Facade", "Store", "Command")
                .whereLayer("Layouts")
                .mayOnlyBeAccessedByLayers("Cells", "Engines", "Tables", "Drivers", "Facade", "Store", "Command")
                .whereLayer("Memory")
                .mayOnlyBeAccessedByLayers(
                        "Layouts", "Cells", "Engines", "Tables", "Drivers", "Facade", "Store", "Command")
                .whereLayer("State")
                .mayOnlyBeAccessedByLayers(
                        "Memory", "Layouts", "Cells", "Engines", "Tables", "Drivers", "Facade", "Store", "Command");
    }

    @Test
    void importsTheWholeLibrary() {
        assertTrue(library.contain(org.onepath.Grid.class));
        assertTrue(library.contain(org.onepath.cells.SquareCells.class));
        assertTrue(library.contain(org.onepath.state.StateKind.class));
        assertTrue(library.contain(org.onepath.store.GridStore.class));
        assertTrue(library.contain(OnePathCli.class));
    }

    @Test
    void noCycleBetweenPackages() {
        noPackageCycles("org.onepath").check(library);
    }

    @Test
    void noEnginePackageReadsTheFacade() {
        nothingBelowReadsTheFacade("org.onepath").check(library);
    }

    @Test
    void theRootPackageIsOnlyTheApi() {
        rootHoldsOnlyTheApi("org.onepath").check(library);
        long count = library.stream()
                .filter(c -> c.getPackageName().equals("org.onepath")
                        && c.isTopLevelClass()
                        && !c.getSimpleName().equals("package-info"))
                .count();
        assertTrue(count <= ROOT_TYPE_LIMIT, "org.onepath holds " + count + " types, at most " + ROOT_TYPE_LIMIT);
    }

    @Test
    void dependenciesPointOneWay() {
        layers("org.onepath").check(library);
    }

    // ---- the rules can fail ----

    private static final String FIXTURE = "org.onepath.cli.archfixture";

    private static JavaClasses fixture(String sub) {
        return new ClassFileImporter().importPackages(FIXTURE + "." + sub);
    }

    @Test
    void aPlantedCycleIsFound() {
        EvaluationResult result = noPackageCycles(FIXTURE + ".cycle").evaluate(fixture("cycle"));
        assertTrue(result.hasViolation(), "the planted cycle between two packages went unseen");
        EvaluationResult clean = noPackageCycles(FIXTURE + ".clean").evaluate(fixture("clean"));
        assertFalse(clean.hasViolation(), clean.getFailureReport().toString());
    }

    @Test
    void aPlantedUpwardImportIsFound() {
        String root = FIXTURE + ".upward";
        EvaluationResult result = nothingBelowReadsTheFacade(root).evaluate(fixture("upward"));
        assertTrue(result.hasViolation(), "the planted engine reading the facade went unseen");
        assertTrue(
                result.getFailureReport().toString().contains("grids.Engine"),
                result.getFailureReport().toString());
        assertTrue(
                layers(root).evaluate(fixture("upward")).hasViolation(),
                "the layer rule missed the planted upward read");
        String clean = FIXTURE + ".clean";
        assertFalse(nothingBelowReadsTheFacade(clean).evaluate(fixture("clean")).hasViolation());
        assertFalse(layers(clean).evaluate(fixture("clean")).hasViolation());
    }

    @Test
    void aPlantedHelperInTheRootIsFound() {
        String root = FIXTURE + ".helper";
        EvaluationResult result = rootHoldsOnlyTheApi(root).evaluate(fixture("helper"));
        assertTrue(result.hasViolation(), "the planted helper in the tier-1 package went unseen");
        String report = result.getFailureReport().toString();
        assertTrue(report.contains("helper.Helper"), report);
        assertFalse(report.contains("helper.Base"), report);
        assertFalse(rootHoldsOnlyTheApi(FIXTURE + ".clean")
                .evaluate(fixture("clean"))
                .hasViolation());
    }
}
