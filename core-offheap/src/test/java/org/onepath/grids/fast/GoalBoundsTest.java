package org.onepath.grids.fast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.PathStatus;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.jps.JpsPlusIndex;
import org.onepath.layout.GoalBoundsLayout;

/**
 * Goal bounding at jump points (JPS+BB, {@code docs/jps.md}): the baked jump point set and boxes
 * equal a brute force written separately ({@link FirstMoveReference}); the bounded JPS+ search
 * finds the plain search's cost (the same integer pair) and the brute-force distance, along a
 * legal path, on thousands of random grids and on every start and goal of grids built for ties;
 * the one-move-per-target rule loses paths on those grids, the every-optimal-move rule none.
 */
class GoalBoundsTest {

    /** One grid with its tables, its boxes and the plain and bounded JPS+ searches. */
    static final class Setup implements AutoCloseable {
        final OctileModel model;
        final Grid grid;
        final JpsPlusIndex index;
        final OctileMap octile;
        /** The exact boxes, as baked. */
        final GoalBoundsBake bake;
        /** The packed table the bounded search reads. */
        final GoalBounds bounds;

        final OctileJump<TableFinder> plain;
        final OctileJump<TableFinder> bounded;

        Setup(OctileModel model) {
            this.model = model;
            this.grid = model.toGrid();
            this.index = new JpsPlusIndex(grid);
            this.octile = new OctileMap(grid);
            this.bake = GoalBoundsBake.list(index, octile);
            try (GoalBoundsBaker baker = bake.baker(octile)) {
                baker.bakeRange(0, bake.jumpPointCount(), bake.boxes(0, bake.jumpPointCount()));
            }
            this.bounds = bake.pack(octile);
            this.plain = new OctileJump<>(grid, new TableFinder(index, octile));
            this.bounded = OctileJump.goalBounded(grid, new TableFinder(index, octile), bounds);
        }

        @Override
        public void close() {
            bounded.close();
            plain.close();
            bounds.close();
            bake.close();
            octile.close();
            index.close();
            grid.close();
        }
    }

    /** Sides 4..20, walls 0..40 %; a fifth are open rooms (no walls) or rooms with a few pillars, full of ties. */
    static OctileModel randomGrid(Random random) {
        int w = 4 + random.nextInt(17);
        int h = 4 + random.nextInt(17);
        boolean[] open = new boolean[w * h];
        int kind = random.nextInt(10);
        int percent = kind == 0 ? 0 : kind == 1 ? 3 : random.nextInt(41);
        for (int i = 0; i < open.length; i++) {
            open[i] = random.nextInt(100) >= percent;
        }
        return new OctileModel(w, h, open);
    }

    /** Grids made for ties: open rooms, symmetric pillars, a wall with gaps, a checkerboard of pillars. */
    static List<OctileModel> tiedGrids() {
        List<OctileModel> grids = new ArrayList<>();
        grids.add(OctileModel.parse("........", "........", "........", "........", "........", "........"));
        grids.add(OctileModel.parse(
                "..........",
                "..........",
                "...#..#...",
                "..........",
                "..........",
                "...#..#...",
                "..........",
                ".........."));
        grids.add(OctileModel.parse(
                "...........",
                "...........",
                ".....#.....",
                "....###....",
                ".....#.....",
                "...........",
                "..........."));
        grids.add(OctileModel.parse(
                "............",
                ".#.#.#.#.#..",
                "............",
                ".#.#.#.#.#..",
                "............",
                ".#.#.#.#.#..",
                "............"));
        grids.add(OctileModel.parse(
                ".........",
                ".........",
                "####.####",
                ".........",
                ".........",
                "####.####",
                ".........",
                "........."));
        grids.add(OctileModel.parse(
                "..............",
                "..##......##..",
                "..##......##..",
                "..............",
                "......##......",
                "......##......",
                "..............",
                "..##......##..",
                "..##......##..",
                ".............."));
        return grids;
    }

    static long expectedBox(int[] box) {
        return box == null ? GoalBoundsLayout.EMPTY_BOX : GoalBoundsLayout.box(box[0], box[1], box[2], box[3]);
    }

    /**
     * Checks the cells that keep boxes and their arrivals, the canonical first moves of every
     * source towards every cell, and every box against the brute force (the targets taken in the
     * order the bake settled them, which must be by whole units of distance); and that the packed table keeps a direction for exactly the
     * reachable targets its exact box holds, widened to the table's units. Returns the boxes
     * compared.
     */
    static int assertBoxesEqualBruteForce(OctileModel model, String context) {
        FirstMoveReference reference = new FirstMoveReference(model);
        try (Setup setup = new Setup(model);
                GoalBoundsBaker baker = setup.bake.baker(setup.octile)) {
            int slot = 0;
            int sx = setup.bounds.stepX();
            int sy = setup.bounds.stepY();
            int n = model.cellCount();
            int[] bakedMoves = new int[n];
            int[] order = new int[n];
            for (int c = 0; c < n; c++) {
                boolean keeps = reference.keepsBoxes(c);
                assertEquals(keeps, setup.bake.slotOf(c) != GoalBoundsLayout.NO_SLOT, "keeps boxes " + c + context);
                assertEquals(keeps ? slot : -1, setup.bounds.slotOf(c), "packed slot of " + c + context);
                if (!keeps) {
                    continue;
                }
                assertEquals(slot, setup.bake.slotOf(c), "slots in cell order " + context);
                assertEquals(c, setup.bake.cellOf(slot), context);
                assertEquals(reference.jumpEnds(c), setup.bake.arrivalsOf(slot), "arrivals of " + c + context);
                int settled = baker.bakeSlotForTest(slot, bakedMoves, order);
                int[] canonical = reference.canonicalFirstMoves(c);
                int reachable = 0;
                for (int t = 0; t < n; t++) {
                    assertEquals(canonical[t], bakedMoves[t], "canonical first moves from " + c + " to " + t + context);
                    if (reference.distance[c][t] != Double.POSITIVE_INFINITY) {
                        reachable++;
                    }
                }
                assertEquals(reachable, settled, "cells settled from " + c + context);
                assertEquals(c, order[0], "the source settles first " + context);
                for (int i = 1; i < settled; i++) {
                    // Dial's buckets: whole units of distance in order, any order within one.
                    assertTrue(
                            Math.floor(reference.distance[c][order[i - 1]] + 1e-9)
                                    <= Math.floor(reference.distance[c][order[i]] + 1e-9),
                            "settled in order of whole units of distance from " + c + context);
                }
                int[][] expectedBoxes = reference.boxes(c, order, settled);
                slot++;
                for (int d = 0; d < 8; d++) {
                    int[] exact = expectedBoxes[d];
                    long expected = expectedBox(exact);
                    assertEquals(
                            Long.toHexString(expected),
                            Long.toHexString(setup.bake.box(c, d)),
                            "box of cell " + c + " direction " + d + context);
                    for (int t = 0; t < n; t++) {
                        if (reference.distance[c][t] == Double.POSITIVE_INFINITY) {
                            continue; // an unreachable goal finds no path whatever is kept
                        }
                        int tx = t % model.width;
                        int ty = t / model.width;
                        boolean held = exact != null
                                && tx / sx >= exact[0] / sx
                                && ty / sy >= exact[1] / sy
                                && tx / sx <= exact[2] / sx
                                && ty / sy <= exact[3] / sy;
                        assertEquals(
                                held,
                                setup.bounds.keeps(c, d, tx, ty),
                                "packed box of cell " + c + " direction " + d + " for target " + t + context);
                    }
                }
            }
            assertEquals(slot, setup.bake.jumpPointCount(), context);
            assertEquals(slot, setup.bounds.jumpPointCount(), context);
            return 8 * slot;
        }
    }

    @Test
    void boxesEqualTheBruteForceOnRandomAndTiedGrids() {
        Random random = new Random(0xB0C5_0001L);
        int jumpPoints = 0;
        long boxes = 0;
        for (int round = 0; round < 250; round++) {
            OctileModel model = randomGrid(random);
            boxes += assertBoxesEqualBruteForce(model, ", round " + round + "\n" + model);
        }
        for (OctileModel model : tiedGrids()) {
            boxes += assertBoxesEqualBruteForce(model, "\n" + model);
            try (Setup setup = new Setup(model)) {
                jumpPoints += setup.bounds.jumpPointCount();
            }
        }
        System.out.println("GoalBounds brute force: " + boxes + " boxes of " + (boxes / 8) + " jump points equal");
        assertTrue(jumpPoints > 0, "the tied grids have jump points");
    }

    /** Runs both searches and checks the bounded one against the plain one and the brute-force distance. */
    static boolean checkQuery(Setup setup, double[] distanceFromStart, int start, int goal, String context) {
        OctileModel model = setup.model;
        assertEquals(PathStatus.IN_PROGRESS, setup.plain.tryBegin(start, goal), context);
        SearchStatus p = setup.plain.step(Integer.MAX_VALUE);
        assertEquals(PathStatus.IN_PROGRESS, setup.bounded.tryBegin(start, goal), context);
        SearchStatus b = setup.bounded.step(Integer.MAX_VALUE);
        double optimal = distanceFromStart[goal];
        assertEquals(p, b, "status " + context);
        if (optimal == Double.POSITIVE_INFINITY) {
            assertEquals(SearchStatus.NO_PATH, b, context);
            return false;
        }
        assertEquals(SearchStatus.FOUND, b, context);
        assertEquals(setup.plain.pathStraightSteps(), setup.bounded.pathStraightSteps(), "straight steps " + context);
        assertEquals(setup.plain.pathDiagonalSteps(), setup.bounded.pathDiagonalSteps(), "diagonal steps " + context);
        assertEquals(optimal, setup.bounded.pathCost(), 1e-9, "cost against Dijkstra " + context);
        assertNull(
                model.checkPath(
                        setup.bounded.path(),
                        start,
                        goal,
                        setup.bounded.pathStraightSteps(),
                        setup.bounded.pathDiagonalSteps()),
                context);
        return true;
    }

    @Test
    void boundedSearchFindsTheOptimalCostOnTwoThousandRandomGrids() {
        Random random = new Random(0xB0C5_0002L);
        int found = 0;
        int queries = 0;
        long plainExpanded = 0;
        long boundedExpanded = 0;
        for (int round = 0; round < 2000; round++) {
            OctileModel model = randomGrid(random);
            try (Setup setup = new Setup(model)) {
                for (int q = 0; q < 3; q++) {
                    int start = model.randomOpenCell(random);
                    if (start < 0) {
                        break;
                    }
                    double[] distance = dijkstraFrom(model, start);
                    for (int k = 0; k < 30; k++) {
                        int goal = model.randomOpenCell(random);
                        String context = ", round " + round + ", " + start + " -> " + goal + "\n" + model;
                        queries++;
                        if (checkQuery(setup, distance, start, goal, context)) {
                            found++;
                            plainExpanded += setup.plain.expandedCount();
                            boundedExpanded += setup.bounded.expandedCount();
                        }
                    }
                }
            }
        }
        System.out.println("GoalBounds random grids: " + queries + " queries, " + found + " found, expanded plain "
                + plainExpanded + ", bounded " + boundedExpanded);
        assertTrue(found > 50_000, "found " + found);
        assertTrue(boundedExpanded < plainExpanded, "bounded " + boundedExpanded + " plain " + plainExpanded);
    }

    /** Distances from one cell (the reference's Dijkstra for a single source). */
    static double[] dijkstraFrom(OctileModel model, int start) {
        return FirstMoveReference.dijkstra(model, start);
    }

    @Test
    void everyStartAndGoalOfTheTiedGridsKeepsItsOptimalCost() {
        int pairs = 0;
        int tiedTargets = 0;
        for (OctileModel model : tiedGrids()) {
            FirstMoveReference reference = new FirstMoveReference(model);
            try (Setup setup = new Setup(model)) {
                for (int c = 0; c < model.cellCount(); c++) {
                    if (setup.bounds.slotOf(c) == GoalBoundsLayout.NO_SLOT) {
                        continue;
                    }
                    int[] canonical = reference.canonicalFirstMoves(c);
                    for (int t = 0; t < model.cellCount(); t++) {
                        if (Integer.bitCount(canonical[t]) > 1) {
                            tiedTargets++;
                        }
                    }
                }
                for (int s = 0; s < model.cellCount(); s++) {
                    if (!model.openCell(s)) {
                        continue;
                    }
                    for (int t = 0; t < model.cellCount(); t++) {
                        if (model.openCell(t)) {
                            checkQuery(setup, reference.distance[s], s, t, ", " + s + " -> " + t + "\n" + model);
                            pairs++;
                        }
                    }
                }
            }
        }
        System.out.println("GoalBounds tied grids: " + pairs + " start-goal pairs, " + tiedTargets
                + " jump point-target pairs with tied first moves");
        assertTrue(tiedTargets > 100, "jump point and target pairs with tied first moves: " + tiedTargets);
        assertTrue(pairs > 1000, "pairs " + pairs);
    }

    /**
     * Every start and goal of 300 random grids built for ties (open rooms, pillars, corridors
     * one or two cells wide, lattices, rooms with gaps; sides up to 18): the bounded search finds
     * the plain search's pair and the distance of a plain Dijkstra, along a legal path.
     */
    @Test
    void everyStartAndGoalOfTiedRandomGridsKeepsItsOptimalCost() {
        Random random = new Random(0xB0C5_0006L);
        long pairs = 0;
        long plainExpanded = 0;
        long boundedExpanded = 0;
        for (int round = 0; round < 300; round++) {
            OctileModel model = GoalBoundsBakerTest.tiedGrid(random, 18);
            try (Setup setup = new Setup(model)) {
                for (int s = 0; s < model.cellCount(); s++) {
                    if (!model.openCell(s)) {
                        continue;
                    }
                    double[] distance = dijkstraFrom(model, s);
                    for (int t = 0; t < model.cellCount(); t++) {
                        if (model.openCell(t)) {
                            if (checkQuery(
                                    setup, distance, s, t, ", round " + round + ", " + s + " -> " + t + "\n" + model)) {
                                plainExpanded += setup.plain.expandedCount();
                                boundedExpanded += setup.bounded.expandedCount();
                            }
                            pairs++;
                        }
                    }
                }
            }
        }
        System.out.println("GoalBounds tied random grids: " + pairs + " start-goal pairs, expanded plain "
                + plainExpanded + ", bounded " + boundedExpanded);
        assertTrue(pairs > 100_000, "pairs " + pairs);
        assertTrue(boundedExpanded < plainExpanded, "bounded " + boundedExpanded + " plain " + plainExpanded);
    }

    /** A rule that plants the box of a jump point's cell in a direction, from the brute force. */
    interface PlantedRule {
        int[] box(FirstMoveReference reference, int cell, int direction);
    }

    /**
     * Plants the boxes of {@code rule} in the tied grids and 150 random ones and runs every start
     * and goal with the bounded search; returns how many of the reachable pairs it did not find
     * at their distance.
     */
    static int[] lostWithPlantedBoxes(PlantedRule rule, long seed) {
        Random random = new Random(seed);
        List<OctileModel> grids = new ArrayList<>(tiedGrids());
        for (int i = 0; i < 150; i++) {
            grids.add(randomGrid(random));
        }
        int lost = 0;
        int tried = 0;
        for (OctileModel model : grids) {
            FirstMoveReference reference = new FirstMoveReference(model);
            try (Setup setup = new Setup(model)) {
                for (int slot = 0; slot < setup.bake.jumpPointCount(); slot++) {
                    int c = setup.bake.cellOf(slot);
                    for (int d = 0; d < 8; d++) {
                        setup.bake.setBox(slot, d, expectedBox(rule.box(reference, c, d)));
                    }
                }
                try (GoalBounds planted = setup.bake.pack(setup.octile);
                        OctileJump<TableFinder> bounded = OctileJump.goalBounded(
                                setup.grid, new TableFinder(setup.index, setup.octile), planted)) {
                    for (int s = 0; s < model.cellCount(); s++) {
                        if (!model.openCell(s)) {
                            continue;
                        }
                        for (int t = 0; t < model.cellCount(); t++) {
                            if (!model.openCell(t) || reference.distance[s][t] == Double.POSITIVE_INFINITY) {
                                continue;
                            }
                            tried++;
                            bounded.tryBegin(s, t);
                            if (bounded.step(Integer.MAX_VALUE) != SearchStatus.FOUND
                                    || Math.abs(bounded.pathCost() - reference.distance[s][t]) > 1e-9) {
                                lost++;
                            }
                        }
                    }
                }
            }
        }
        return new int[] {lost, tried};
    }

    /**
     * With each target in the box of its lowest-numbered optimal move, canonical or not, the
     * bounded search loses paths on grids with ties: a search reaching a jump point continues
     * along canonical routes only. The baked rule loses none, which the tests above check; this
     * shows that the grids exercise the difference.
     */
    @Test
    void anOptimalMoveThatIsNotCanonicalLosesPathsOnTies() {
        int[] r = lostWithPlantedBoxes(FirstMoveReference::lowestOptimalMoveBox, 0xB0C5_0003L);
        System.out.println("GoalBounds lowest optimal move per target: " + r[0] + " of " + r[1] + " paths lost");
        assertTrue(r[0] > 0, "the lowest-optimal-move rule lost no path: the grids do not exercise ties");
    }

    /**
     * With each target in the box of any one of its canonical first moves (here the lowest- or
     * the highest-numbered), whatever the directions a search can reach the jump point from, the
     * bounded search loses no path: whichever way it arrives at a cell on a shortest route, every
     * canonical first move from there is one it considers ({@code docs/jps.md}, "Why it is
     * safe"). The baked rule's preference among them is for tight boxes, not for safety.
     */
    @Test
    void anyOneCanonicalFirstMovePerTargetLosesNoPath() {
        for (boolean highest : new boolean[] {false, true}) {
            int[] r = lostWithPlantedBoxes(
                    (reference, c, d) -> reference.oneCanonicalMoveBox(c, d, highest), 0xB0C5_0005L);
            System.out.println("GoalBounds " + (highest ? "highest" : "lowest") + " canonical move per target: " + r[0]
                    + " of " + r[1] + " paths lost");
            assertEquals(0, r[0], (highest ? "highest" : "lowest") + " canonical move per target");
            assertTrue(r[1] > 1_000_000, "tried " + r[1]);
        }
    }

    @Test
    void rangesBakedApartEqualOneBake() {
        Random random = new Random(0xB0C5_0004L);
        for (int round = 0; round < 40; round++) {
            OctileModel model = randomGrid(random);
            try (Setup setup = new Setup(model);
                    GoalBoundsBake listed = GoalBoundsBake.list(setup.index, setup.octile);
                    Arena arena = Arena.ofConfined()) {
                int count = listed.jumpPointCount();
                int cut = count == 0 ? 0 : random.nextInt(count + 1);
                try (GoalBoundsBaker first = listed.baker(setup.octile);
                        GoalBoundsBaker second = listed.baker(setup.octile)) {
                    MemorySegment tail = second.bakeRange(cut, count, arena);
                    MemorySegment head = first.bakeRange(0, cut, arena);
                    MemorySegment.copy(
                            head,
                            0,
                            listed.boxes(0, cut),
                            0,
                            listed.boxes(0, cut).byteSize());
                    MemorySegment.copy(
                            tail,
                            0,
                            listed.boxes(cut, count),
                            0,
                            listed.boxes(cut, count).byteSize());
                }
                assertArrayEquals(
                        setup.bake.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                        listed.segment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE),
                        "round " + round + "\n" + model);
            }
        }
    }

    @Test
    void emptyBoxHoldsNothingAndABoxHoldsItsCorners() {
        for (int x = 0; x < 40; x++) {
            for (int y = 0; y < 40; y++) {
                assertFalse(GoalBoundsLayout.contains(GoalBoundsLayout.EMPTY_BOX, x, y));
            }
        }
        assertFalse(GoalBoundsLayout.contains(GoalBoundsLayout.EMPTY_BOX, 0xFFFF, 0xFFFF));
        long box = GoalBoundsLayout.box(3, 5, 32766, 7);
        assertTrue(GoalBoundsLayout.contains(box, 3, 5));
        assertTrue(GoalBoundsLayout.contains(box, 32766, 7));
        assertFalse(GoalBoundsLayout.contains(box, 2, 5));
        assertFalse(GoalBoundsLayout.contains(box, 3, 8));
        assertEquals(64, GoalBoundsLayout.boxesOffset(3, 2));
        assertEquals(64 + 2 * 64, GoalBoundsLayout.byteSize(3, 2));
        assertEquals(12 + 8, GoalBoundsLayout.arrivalsOffset(3, 2, 0));
        assertEquals(128, GoalBoundsLayout.boxesOffset(15, 13));
    }

    /**
     * A bounded query allocates nothing once the engine has run a few: begin and step, the
     * diagonal runs with their pruning at stops and the open list, across 400 queries on a
     * 64 x 64 map, as the JVM counts this thread's bytes (reached by reflection: the module does
     * not read java.management).
     */
    @Test
    void aBoundedQueryAllocatesNothingInSteadyState() throws ReflectiveOperationException {
        Object threads = Class.forName("java.lang.management.ManagementFactory")
                .getMethod("getThreadMXBean")
                .invoke(null);
        java.lang.reflect.Method allocated =
                Class.forName("com.sun.management.ThreadMXBean").getMethod("getCurrentThreadAllocatedBytes");
        Random random = new Random(0xB0C5_0007L);
        boolean[] open = new boolean[64 * 64];
        for (int i = 0; i < open.length; i++) {
            open[i] = random.nextInt(100) >= 25;
        }
        OctileModel model = new OctileModel(64, 64, open);
        try (Setup setup = new Setup(model)) {
            int[] ends = new int[800];
            for (int i = 0; i < ends.length; i++) {
                ends[i] = model.randomOpenCell(random);
            }
            int found = 0;
            for (int round = 0; round < 3; round++) {
                found = 0;
                for (int i = 0; i < ends.length; i += 2) {
                    setup.bounded.begin(ends[i], ends[i + 1]);
                    if (setup.bounded.step(Integer.MAX_VALUE) == SearchStatus.FOUND) {
                        found++;
                    }
                }
            }
            long least = Long.MAX_VALUE;
            for (int i = 0; i < 20; i++) {
                long a = (Long) allocated.invoke(threads);
                long b = (Long) allocated.invoke(threads);
                least = Math.min(least, b - a);
            }
            long before = (Long) allocated.invoke(threads);
            for (int i = 0; i < ends.length; i += 2) {
                setup.bounded.begin(ends[i], ends[i + 1]);
                setup.bounded.step(Integer.MAX_VALUE);
            }
            long after = (Long) allocated.invoke(threads);
            assertTrue(found > 100, "found " + found);
            assertEquals(least, after - before, "bytes allocated by 400 bounded queries, less the measurement's own");
        }
    }

    @Test
    void staleOrClosedBoundsAreRefused() {
        OctileModel model = OctileModel.parse("......", "..#...", "......", "...#..", "......");
        try (Setup setup = new Setup(model)) {
            assertTrue(setup.bounds.jumpPointCount() > 0);
            setup.grid.setWalkable(0, 0, false);
            assertFalse(setup.bounds.isCurrent());
            assertThrows(IllegalStateException.class, () -> setup.bounded.tryBegin(6, 29));
            setup.bounds.close();
            assertThrows(IllegalStateException.class, () -> setup.bounds.slotOf(0));
        }
    }
}
