package org.onepath.architecture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The floor plan of DESIGN.md, checked on the compiled classes of every module that ships:
 * state-format, core-offheap, mmap-store, cli and spark (bench and fuzz are tools of the
 * repository, not shipped, and are not read). The rules are those of section 1, "Modules and the
 * floor plan", and section 7, "House style, learned from the codebases we admire":
 *
 * <ol>
 *   <li>no import cycle between packages (section 1);
 *   <li>dependencies point one way: the command and the Spark jobs side by side on top, the
 *       stores, the tier-1 facade, the drivers, the tables, the engines, the cells, the layouts,
 *       memory and the state format, and no engine or driver reads {@code org.onepath} (section 1);
 *   <li>the root package {@code org.onepath} is the API: every top-level and member type public,
 *       a driver or helper nested in a facade counting as a driver (section 1, "a feature's
 *       driver lives in org.onepath.query, never nested in a facade");
 *   <li>no facade reaches into another shape's types (section 1);
 *   <li>byte order is decided once, in {@code org.onepath.state.LittleEndian} (section 7, item 3;
 *       section 2, "Memory: off-heap, laid out as the formats").
 * </ol>
 *
 * The rules themselves are in {@link ArchitectureRules}; {@link PlantedViolationsTest} shows on
 * small planted classes that each of them fails when the plan is broken.
 */
final class ArchitectureTest {
    private static final String ROOT = "org.onepath";

    /** One class of each shipped module, named so that looking it up loads nothing (Spark is absent). */
    private static final List<String> MODULE_MEMBERS = List.of(
            "org.onepath.state.StateKind",
            "org.onepath.Grid",
            "org.onepath.store.GridStore",
            "org.onepath.cli.OnePathCli",
            "org.onepath.spark.GoalBoundsBakeJob");

    private static JavaClasses library;

    @BeforeAll
    static void importLibrary() throws Exception {
        // The class folders or jars the five modules come from, whatever the build's layout.
        List<Location> locations = new ArrayList<>();
        for (String member : MODULE_MEMBERS) {
            locations.add(locationOf(member));
        }
        library = new ClassFileImporter().importLocations(locations);
    }

    /**
     * The class folder or jar holding {@code className}, found as a resource so that the class is
     * not loaded: the Spark jobs' classes extend Spark types that this class path does not hold.
     */
    private static Location locationOf(String className) throws Exception {
        String resource = className.replace('.', '/') + ".class";
        URL url = ArchitectureTest.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IllegalStateException(resource + " is not on the test class path");
        }
        String text = url.toString();
        return Location.of(new URI(text.substring(0, text.length() - resource.length())));
    }

    @Test
    void importsEveryShippedModule() {
        for (String member : MODULE_MEMBERS) {
            assertTrue(library.contain(member), member + " was not imported");
        }
        assertTrue(library.contain(ArchitectureRules.byteOrderDeclaration(ROOT)));
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ArchitectureRules.Shape.class)
    void everyShapeHasItsFacade(ArchitectureRules.Shape shape) {
        // A shape rule reads nothing when a facade's name changes; the names must still match.
        DescribedPredicate<JavaClass> facade = ArchitectureRules.facadeOf(ROOT, shape);
        assertTrue(library.stream().anyMatch(facade), "no type of " + facade.getDescription() + " in " + ROOT);
    }

    @Test
    void everyTypeAndPackageTheShapeRulesNameExists() {
        // A misspelt or moved name would match nothing and let its shape's reads through.
        for (Set<String> names : List.of(
                ArchitectureRules.SQUARE_FACADE,
                ArchitectureRules.FLAT_GRID_FACADE,
                ArchitectureRules.GRAPH_FACADE,
                ArchitectureRules.SQUARE_CELLS,
                ArchitectureRules.FLAT_GRID_CELLS)) {
            for (String name : names) {
                assertTrue(library.contain(ROOT + "." + name), ROOT + "." + name + " is gone");
            }
        }
        for (Set<String> packages : List.of(ArchitectureRules.SQUARE_PACKAGES, ArchitectureRules.FLAT_GRID_PACKAGES)) {
            for (String name : packages) {
                String pkg = ROOT + "." + name;
                assertTrue(library.stream().anyMatch(c -> c.getPackageName().equals(pkg)), pkg + " is gone");
            }
        }
    }

    @Test
    void noCycleBetweenPackages() {
        ArchitectureRules.noPackageCycles(ROOT).check(library);
    }

    @Test
    void dependenciesPointOneWay() {
        ArchitectureRules.layers(ROOT).check(library);
    }

    @Test
    void nothingBelowTheFacadeReadsIt() {
        ArchitectureRules.nothingBelowReadsTheFacade(ROOT).check(library);
    }

    @Test
    void theRootPackageIsTheApi() {
        ArchitectureRules.rootHoldsOnlyTheApi(ROOT).check(library);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ArchitectureRules.Shape.class)
    void noFacadeReachesIntoAnotherShape(ArchitectureRules.Shape shape) {
        ArchitectureRules.keepsToItsShape(ROOT, shape).check(library);
    }

    @Test
    void byteOrderIsDecidedOnce() {
        ArchitectureRules.oneByteOrder(ROOT).check(library);
    }
}
