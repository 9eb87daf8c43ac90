package org.onepath;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.onepath.cells.Cell;
import org.onepath.cells.CellBlocker;
import org.onepath.cells.Connectivity;

/**
 * Agent fit, nearest walkable cell, exact Q31.32 prices and step counts against brute-force
 * versions written here from the spec's words.
 */
class HostQueriesTest {
    @Provide
    Arbitrary<ReferenceGrid> grids() {
        return RandomGrids.grids(1, 14);
    }

    // ---- fit ----

    @Property(tries = 200)
    void canFitAndMaxAgentSizeAreClearance(
            @ForAll("grids") ReferenceGrid ref, @ForAll @IntRange(min = 1, max = 5) int size) {
        try (Grid grid = ref.toGrid()) {
            for (int y = -1; y <= ref.height(); y++) {
                for (int x = -1; x <= ref.width(); x++) {
                    int expected = ref.inside(x, y) ? ref.clearance(x, y) : 0;
                    assertEquals(expected, grid.maxAgentSizeAt(new Cell(x, y)), "clearance at " + x + "," + y);
                    assertEquals(
                            ref.fits(x, y, size),
                            grid.canFit(new Cell(x, y), size),
                            "fit of " + size + " at " + x + "," + y);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> {
            try (Grid g = Grid.create(2, 2)) {
                g.canFit(new Cell(0, 0), 0);
            }
        });
    }

    // ---- nearest walkable ----

    /** Every cell, the smallest (squared distance, row, column) among those that qualify. */
    static Cell bruteNearest(ReferenceGrid ref, int qx, int qy, int size, CellBlocker blocked, int radius) {
        Cell best = null;
        long bestD = Long.MAX_VALUE;
        for (int y = 0; y < ref.height(); y++) {
            for (int x = 0; x < ref.width(); x++) {
                long dx = x - qx;
                long dy = y - qy;
                if (Math.max(Math.abs(dx), Math.abs(dy)) > radius) {
                    continue;
                }
                if (!ref.fits(x, y, size) || (blocked != null && blocked.isBlocked(x, y))) {
                    continue;
                }
                long d = dx * dx + dy * dy;
                // rows, then columns, ascending: a later cell wins only when strictly nearer
                if (d < bestD) {
                    bestD = d;
                    best = new Cell(x, y);
                }
            }
        }
        return best;
    }

    @Property(tries = 400)
    void nearestWalkableEqualsBruteForce(@ForAll("grids") ReferenceGrid ref, @ForAll long seed) {
        Random random = new Random(seed);
        try (Grid grid = ref.toGrid()) {
            for (int q = 0; q < 12; q++) {
                int size = 1 + random.nextInt(3);
                int radius = random.nextInt(3) == 0 ? GridOptions.UNBOUNDED_RADIUS : random.nextInt(8);
                int salt = random.nextInt(5);
                CellBlocker blocked = random.nextInt(3) == 0 ? (x, y) -> (x * 3 + y * 5 + salt) % 4 == 0 : null;
                GridOptions.Builder b = GridOptions.builder().agentSize(size).blocked(blocked);
                if (radius != GridOptions.UNBOUNDED_RADIUS) {
                    b.nearestRadius(radius);
                }
                GridOptions options = b.build();
                // inside, just outside and far outside
                int qx = random.nextInt(ref.width() + 10) - 5 + (random.nextInt(10) == 0 ? 40 : 0);
                int qy = random.nextInt(ref.height() + 10) - 5 - (random.nextInt(10) == 0 ? 40 : 0);
                Cell expected = bruteNearest(ref, qx, qy, size, blocked, radius);
                Optional<Cell> actual = grid.tryFindNearestWalkable(new Cell(qx, qy), options);
                assertEquals(
                        Optional.ofNullable(expected),
                        actual,
                        "query " + qx + "," + qy + " size " + size + " radius " + radius
                                + (blocked != null ? " blocked" : "") + "\n" + ref.picture());
                int index = grid.nearestWalkableIndex(qx, qy, options);
                assertEquals(expected == null ? -1 : expected.y() * ref.width() + expected.x(), index);
            }
        }
    }

    @Test
    void tiesGoToTheSmallerRowThenTheSmallerColumn() {
        // From the centre of a 5 x 5 grid of walls, the four cells at distance 1 are opened one by
        // one; the winner is always the one first in row-major order.
        try (Grid grid = Grid.create(5, 5, Grid.WALL)) {
            grid.setWalkable(3, 2, true); // east
            grid.setWalkable(2, 3, true); // south
            assertEquals(Optional.of(new Cell(3, 2)), grid.tryFindNearestWalkable(new Cell(2, 2), GridOptions.DEFAULT));
            grid.setWalkable(1, 2, true); // west: same row, smaller column
            assertEquals(Optional.of(new Cell(1, 2)), grid.tryFindNearestWalkable(new Cell(2, 2), GridOptions.DEFAULT));
            grid.setWalkable(2, 1, true); // north: smaller row
            assertEquals(Optional.of(new Cell(2, 1)), grid.tryFindNearestWalkable(new Cell(2, 2), GridOptions.DEFAULT));
            // Across rings: (0, 0) is at squared distance 8 in ring 2, (4, 4)... equal; a nearer
            // cell in an outer ring cannot exist, but an equal one can: (5, 0)-(3, 4) style.
        }
        try (Grid grid = Grid.create(8, 8, Grid.WALL)) {
            grid.setWalkable(5, 0, true); // from (0, 0): ring 5, distance 25
            grid.setWalkable(3, 4, true); // ring 4, distance 25, later row
            assertEquals(
                    Optional.of(new Cell(5, 0)),
                    grid.tryFindNearestWalkable(new Cell(0, 0), GridOptions.DEFAULT),
                    "a tie found in an outer ring still wins on the smaller row");
            assertEquals(
                    Optional.empty(),
                    grid.tryFindNearestWalkable(
                            new Cell(0, 0),
                            GridOptions.builder().nearestRadius(3).build()));
            assertEquals(
                    Optional.of(new Cell(3, 4)),
                    grid.tryFindNearestWalkable(
                            new Cell(0, 0),
                            GridOptions.builder().nearestRadius(4).build()));
        }
    }

    @Test
    void worldPointsAndBadQueries() {
        try (Grid grid = Grid.create(4, 4, Grid.WALL)) {
            grid.setWalkable(3, 3, true);
            grid.space(new GridSpace(100, 200, 2));
            assertEquals(
                    Optional.of(new Cell(3, 3)),
                    grid.tryFindNearestWalkable(new WorldPoint(101, 201), GridOptions.DEFAULT));
            assertEquals(
                    Optional.of(new Cell(3, 3)),
                    grid.tryFindNearestWalkable(new WorldPoint(-1e5, 1e5), GridOptions.DEFAULT));
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class,
                    () -> grid.tryFindNearestWalkable(new Cell(Integer.MIN_VALUE, 0), GridOptions.DEFAULT));
            assertTrue(e.getMessage().contains(Integer.toString(Integer.MIN_VALUE)), e.getMessage());
            assertThrows(
                    IllegalArgumentException.class, () -> GridOptions.builder().nearestRadius(-1));
        }
        try (Grid walls = Grid.create(3, 3, Grid.WALL)) {
            assertEquals(Optional.empty(), walls.tryFindNearestWalkable(new Cell(1, 1), GridOptions.DEFAULT));
        }
    }

    // ---- exact costs ----

    /** The spec's price, with exact decimal arithmetic: each double step times 2^32, half to even, summed. */
    static BigInteger brutePrice(ReferenceGrid ref, List<Cell> path) {
        BigInteger total = BigInteger.ZERO;
        for (int i = 1; i < path.size(); i++) {
            Cell a = path.get(i - 1);
            Cell b = path.get(i);
            double step = ref.stepCost(a.x(), a.y(), b.x(), b.y());
            BigDecimal scaled = new BigDecimal(step).multiply(new BigDecimal(BigInteger.ONE.shiftLeft(32)));
            total = total.add(scaled.setScale(0, RoundingMode.HALF_EVEN).toBigIntegerExact());
        }
        return total;
    }

    @Property(tries = 300)
    void fixedCostsOfFoundPathsEqualTheExactPrice(@ForAll("grids") ReferenceGrid ref, @ForAll long seed) {
        Random random = new Random(seed);
        try (Grid grid = ref.toGrid()) {
            for (int q = 0; q < 6; q++) {
                GridAlgorithm alg = GridAlgorithm.values()[random.nextInt(3)]; // ASTAR, JPS, JPS_PLUS
                GridOptions options = GridOptions.builder()
                        .algorithm(alg)
                        .connectivity(random.nextBoolean() ? Connectivity.EIGHT : Connectivity.FOUR)
                        .build();
                GridPath path = grid.findPath(
                        new Cell(random.nextInt(ref.width()), random.nextInt(ref.height())),
                        new Cell(random.nextInt(ref.width()), random.nextInt(ref.height())),
                        options);
                if (!path.found()) {
                    assertEquals(OptionalLong.empty(), grid.tryGetFixedCost(path));
                    assertEquals(Optional.empty(), path.stepCounts());
                    continue;
                }
                BigInteger expected = brutePrice(ref, path.cells());
                assertEquals(OptionalLong.of(expected.longValueExact()), grid.tryGetFixedCost(path));
                assertEquals(OptionalLong.of(expected.longValueExact()), grid.tryGetFixedCost(path.cells()));
                // within half a unit per step of the double cost
                double approx = expected.doubleValue() / 4294967296.0;
                assertEquals(path.cost(), approx, 1e-9 * path.length() + 1e-6 * path.cost());
                int straight = 0;
                int diagonal = 0;
                for (int i = 1; i < path.length(); i++) {
                    Cell a = path.cells().get(i - 1);
                    Cell b = path.cells().get(i);
                    if (a.x() != b.x() && a.y() != b.y()) {
                        diagonal++;
                    } else {
                        straight++;
                    }
                }
                assertEquals(Optional.of(new GridPath.StepCounts(straight, diagonal)), path.stepCounts());
            }
        }
    }

    @Property(tries = 300)
    void fixedCostsOfArbitraryWalksEqualTheExactPriceOrRefuse(@ForAll("grids") ReferenceGrid ref, @ForAll long seed) {
        Random random = new Random(seed);
        try (Grid grid = ref.toGrid()) {
            List<Cell> walk = new ArrayList<>();
            Cell at = new Cell(random.nextInt(ref.width()), random.nextInt(ref.height()));
            walk.add(at);
            boolean legal = ref.open(at.x(), at.y());
            for (int i = random.nextInt(12); i > 0; i--) {
                int step = random.nextInt(20);
                int dx = random.nextInt(3) - 1;
                int dy = random.nextInt(3) - 1;
                if (step == 0) {
                    dx = 2; // a jump: not a neighbour
                }
                Cell next = new Cell(Math.floorMod(at.x() + dx, ref.width()), Math.floorMod(at.y() + dy, ref.height()));
                int ddx = Math.abs(next.x() - at.x());
                int ddy = Math.abs(next.y() - at.y());
                legal &= ddx <= 1 && ddy <= 1 && (ddx | ddy) != 0 && ref.open(next.x(), next.y());
                walk.add(next);
                at = next;
            }
            OptionalLong price = grid.tryGetFixedCost(walk);
            if (legal) {
                assertEquals(OptionalLong.of(brutePrice(ref, walk).longValueExact()), price, walk.toString());
            } else {
                assertFalse(price.isPresent(), walk + " priced " + price);
            }
            int[] indices =
                    walk.stream().mapToInt(c -> c.y() * ref.width() + c.x()).toArray();
            assertEquals(price.orElse(-1), grid.fixedCost(indices, indices.length));
        }
    }

    @Test
    void halvesRoundToEven() {
        // Multipliers k / 2^33 make a straight step between two equal cells exactly k / 2 units.
        try (Grid grid = Grid.create(5, 1)) {
            grid.areas().set(1, 3 / 8589934592.0); // 1.5 units -> 2
            grid.areas().set(2, 5 / 8589934592.0); // 2.5 units -> 2
            grid.areas().set(3, 7 / 8589934592.0); // 3.5 units -> 4
            grid.setArea(0, 0, 1);
            grid.setArea(1, 0, 1);
            assertEquals(OptionalLong.of(2), grid.tryGetFixedCost(List.of(new Cell(0, 0), new Cell(1, 0))));
            grid.setArea(0, 0, 2);
            grid.setArea(1, 0, 2);
            assertEquals(OptionalLong.of(2), grid.tryGetFixedCost(List.of(new Cell(0, 0), new Cell(1, 0))));
            grid.setArea(0, 0, 3);
            grid.setArea(1, 0, 3);
            assertEquals(OptionalLong.of(4), grid.tryGetFixedCost(List.of(new Cell(0, 0), new Cell(1, 0))));
            // three steps of 2.5 units: rounded each (2 + 2 + 2), not summed first (7.5 -> 8)
            for (int x = 0; x < 4; x++) {
                grid.setArea(x, 0, 2);
            }
            assertEquals(
                    OptionalLong.of(6),
                    grid.tryGetFixedCost(List.of(new Cell(0, 0), new Cell(1, 0), new Cell(2, 0), new Cell(3, 0))));
        }
    }

    @Test
    void refusesAnyAngleHookedAndNonAdjacentPaths() {
        try (Grid grid = Grid.fromText("""
                ..........
                ..........
                ....##....
                ..........
                """)) {
            Cell a = new Cell(0, 0);
            Cell b = new Cell(9, 3);
            GridPath theta = grid.findPath(
                    a,
                    b,
                    GridOptions.builder().algorithm(GridAlgorithm.THETA_STAR).build());
            assertTrue(theta.found() && theta.isAnyAngle());
            assertEquals(OptionalLong.empty(), grid.tryGetFixedCost(theta));
            assertEquals(OptionalLong.empty(), grid.tryGetFixedCost(theta.cells()), "waypoints are not neighbours");
            assertEquals(Optional.empty(), theta.stepCounts());
            GridPath hooked = grid.findPath(
                    a,
                    b,
                    GridOptions.builder()
                            .stepCost((fx, fy, tx, ty, base) -> base * 2)
                            .build());
            assertTrue(hooked.found() && hooked.isHooked());
            assertEquals(OptionalLong.empty(), grid.tryGetFixedCost(hooked));
            GridPath plain = grid.findPath(a, b);
            assertTrue(grid.tryGetFixedCost(plain).isPresent());
            assertEquals(OptionalLong.empty(), grid.tryGetFixedCost(List.of(a, a)), "a repeated cell is no step");
            assertEquals(OptionalLong.of(0), grid.tryGetFixedCost(List.of(a)));
            assertEquals(OptionalLong.of(0), grid.tryGetFixedCost(List.of()));
            assertEquals(
                    OptionalLong.empty(),
                    grid.tryGetFixedCost(List.of(new Cell(4, 1), new Cell(4, 2))),
                    "a wall on the path");
            IllegalArgumentException e = assertThrows(
                    IllegalArgumentException.class, () -> grid.tryGetFixedCost(List.of(a, new Cell(10, 0))));
            assertTrue(e.getMessage().contains("(10, 0)"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> grid.fixedCost(new int[] {0, 1}, 3));
            try (Grid narrow = Grid.create(5, 4)) {
                assertThrows(
                        IllegalArgumentException.class, () -> narrow.tryGetFixedCost(plain), "a path of another grid");
            }
        }
    }
}
