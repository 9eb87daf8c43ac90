package org.onepath.architecture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.onepath.architecture.ArchitectureRules.Shape;

/**
 * Each rule of {@link ArchitectureRules} fails on small planted classes that break it (one
 * fixture package per rule under {@code fixture}) and passes on {@code fixture.clean}, a model of
 * the whole floor plan as it should be. A rule that cannot fail would pass on anything.
 */
final class PlantedViolationsTest {
    private static final String FIXTURE = "org.onepath.architecture.fixture";
    private static final String CLEAN = FIXTURE + ".clean";

    private static JavaClasses fixture(String sub) {
        return new ClassFileImporter().importPackages(FIXTURE + "." + sub);
    }

    /** The rule's failure report on the fixture {@code sub}, which must have violations. */
    private static String violations(ArchRule rule, String sub) {
        JavaClasses classes = fixture(sub);
        assertFalse(classes.isEmpty(), "fixture " + sub + " was not found on the class path");
        EvaluationResult result = rule.evaluate(classes);
        assertTrue(result.hasViolation(), "the planted violations in " + sub + " went unseen");
        return result.getFailureReport().toString();
    }

    /** Whether a line of the report names both classes (a name followed by no further letter or nesting). */
    private static boolean reportsPair(String report, String origin, String target) {
        Pattern from = nameOf(origin);
        Pattern to = nameOf(target);
        return report.lines()
                .anyMatch(line -> from.matcher(line).find() && to.matcher(line).find());
    }

    private static Pattern nameOf(String className) {
        return Pattern.compile(Pattern.quote(className) + "(?![A-Za-z0-9_$])");
    }

    @Test
    void theCleanPlanPassesEveryRule() {
        JavaClasses clean = fixture("clean");
        List<Function<String, ArchRule>> rules = List.of(
                ArchitectureRules::noPackageCycles,
                ArchitectureRules::layers,
                ArchitectureRules::nothingBelowReadsTheFacade,
                ArchitectureRules::rootHoldsOnlyTheApi,
                ArchitectureRules::facadesKeepToTheirShape,
                ArchitectureRules::oneByteOrder);
        for (Function<String, ArchRule> rule : rules) {
            EvaluationResult result = rule.apply(CLEAN).evaluate(clean);
            assertFalse(result.hasViolation(), result.getFailureReport().toString());
        }
        // The clean plan holds each kind of class the rules look at, so passing means something.
        for (String name : List.of(
                "Grid",
                "Grid$Builder",
                "Grid$BaseBuilder",
                "Grid$1",
                "GridBase",
                "HexGrid",
                "VoxelGrid",
                "Graph",
                "GridFlowField",
                "spark.Job",
                "cli.Command",
                "store.Store",
                "state.LittleEndian",
                "memory.Records",
                "grids.voxel.ChunkTable")) {
            assertTrue(clean.contain(CLEAN + "." + name), CLEAN + "." + name + " is missing");
        }
    }

    // ---- rule 1 ----

    @Test
    void aPlantedCycleIsFound() {
        String report = violations(ArchitectureRules.noPackageCycles(FIXTURE + ".cycle"), "cycle");
        assertTrue(report.contains("cycle.a.First") && report.contains("cycle.b.Second"), report);
    }

    // ---- rule 2 ----

    @Test
    void aPlantedUpwardImportIsFound() {
        String root = FIXTURE + ".upward";
        String report = violations(ArchitectureRules.nothingBelowReadsTheFacade(root), "upward");
        assertTrue(report.contains("grids.Engine"), report);
        String layers = violations(ArchitectureRules.layers(root), "upward");
        assertTrue(reportsPair(layers, root + ".grids.Engine", root + ".Facade"), layers);
    }

    @Test
    void nothingReadsTheCommandOrTheSparkJobs() {
        String root = FIXTURE + ".beside";
        String report = violations(ArchitectureRules.layers(root), "beside");
        assertTrue(reportsPair(report, root + ".store.Store", root + ".spark.Job"), report);
        assertTrue(reportsPair(report, root + ".spark.Job", root + ".cli.Command"), report);
    }

    // ---- rule 3 ----

    @Test
    void aPlantedHelperInTheRootIsFound() {
        String root = FIXTURE + ".helper";
        String report = violations(ArchitectureRules.rootHoldsOnlyTheApi(root), "helper");
        assertTrue(report.contains("helper.Helper"), report);
        assertFalse(report.contains("helper.Base"), report);
        assertFalse(report.contains("helper.Api"), report);
    }

    @Test
    void aHelperNestedInAFacadeIsFound() {
        String root = FIXTURE + ".nested";
        String report = violations(ArchitectureRules.rootHoldsOnlyTheApi(root), "nested");
        for (String planted : List.of("Driver", "Step", "Mode", "Hook")) {
            assertTrue(
                    report.lines().anyMatch(nameOf(root + ".Facade$" + planted).asPredicate()), report);
        }
        for (String allowed : List.of("Builder", "BaseBuilder", "Result", "1")) {
            assertFalse(
                    report.lines().anyMatch(nameOf(root + ".Facade$" + allowed).asPredicate()), report);
        }
        assertFalse(report.lines().anyMatch(nameOf(root + ".Facade").asPredicate()), report);
    }

    // ---- rule 4 ----

    @Test
    void aFacadeReachingIntoAnotherShapeIsFound() {
        String root = FIXTURE + ".shapes";
        String report = violations(ArchitectureRules.facadesKeepToTheirShape(root), "shapes");
        // Each planted read, and the rule of the shape that must see it on its own.
        Object[][] planted = {
            {Shape.SQUARE, "Grid", "VoxelCell"},
            {Shape.SQUARE, "Grid$Driver", "grids.voxel.ChunkTable"},
            {Shape.HEX, "HexGrid", "cells.SquareCells"},
            {Shape.VOXEL, "VoxelGrid", "HexPath"},
            {Shape.VOXEL, "VoxelGrid", "Grid"},
            {Shape.GRAPH, "Graph", "cells.Cell"},
            {Shape.GRAPH, "PointGraph", "cells.HexCoord"},
            {Shape.FLAT_GRIDS, "GridFlowField", "VoxelGrid"},
        };
        for (Object[] read : planted) {
            String origin = root + "." + read[1];
            String target = root + "." + read[2];
            assertTrue(reportsPair(report, origin, target), origin + " -> " + target + " went unseen:\n" + report);
            String own = violations(ArchitectureRules.keepsToItsShape(root, (Shape) read[0]), "shapes");
            assertTrue(reportsPair(own, origin, target), read[0] + " missed " + origin + " -> " + target + ":\n" + own);
        }
    }

    // ---- rule 5 ----

    @Test
    void aByteOrderDecidedOutsideTheDeclarationIsFound() {
        String root = FIXTURE + ".byteorder";
        String report = violations(ArchitectureRules.oneByteOrder(root), "byteorder");
        for (String planted : List.of(
                "store.OwnOrder", "grids.NativeOrder", "cli.BufferOrder", "io.StreamOrder", "layout.Reordered")) {
            assertTrue(report.lines().anyMatch(nameOf(root + "." + planted).asPredicate()), planted + ":\n" + report);
        }
        assertTrue(
                report.lines().anyMatch(line -> line.contains("layout.Reordered") && line.contains("withOrder")),
                report);
        assertTrue(
                report.lines().anyMatch(line -> line.contains("grids.NativeOrder") && line.contains("nativeOrder")),
                report);
        assertFalse(report.contains("state.LittleEndian."), report);
        assertFalse(report.contains("memory.Records"), report);
    }
}
