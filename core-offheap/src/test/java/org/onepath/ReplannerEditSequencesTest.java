package org.onepath;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.onepath.ReplanTestSupport.Replanned;
import org.onepath.ReplanTestSupport.Result;
import org.onepath.ReplanTestSupport.Setting;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/**
 * After every step of random edit sequences the replanned result equals an independent O(n^2)
 * Dijkstra over the plain reference model of the grid as it is then, and a fresh A* query: same
 * status, cost within a relative 1e-9, and a path of legal moves from start to goal whose exact
 * sum is the reported cost. Sequences mix LPA* and D* Lite; square grids with four and eight
 * moves, all three diagonal rules, agent sizes 1 to 3 and area costs; hex grids of all layouts;
 * single-cell edits (many on or next to the current path), rectangle edits, multiplier changes,
 * start moves, goal changes, and replans sliced by random budgets.
 */
class ReplannerEditSequencesTest {
    static final int SEQUENCES = 1000;

    @Test
    void replannedCostsEqualDijkstraAndAStarAfterEveryStep() {
        int steps = 0;
        int found = 0;
        int hex = 0;
        int[] sizes = new int[4];
        int[] algorithms = new int[2];
        int moves = 0;
        int sliced = 0;
        int restarts = 0;
        for (long seed = 0; seed < SEQUENCES; seed++) {
            SplittableRandom random = new SplittableRandom(seed * 7919 + 17);
            List<String> log = new ArrayList<>();
            try (Setting s = ReplanTestSupport.randomSetting(seed, random, 14);
                    Replanned r = s.create()) {
                if (s.grid() != null) {
                    sizes[s.options().agentSize()]++;
                } else {
                    hex++;
                }
                algorithms[s.algorithm() == GridAlgorithm.LPA_STAR ? 0 : 1]++;
                Result result = replanToEnd(r, random, log);
                check(s, r, result, seed, log);
                int rounds = 3 + random.nextInt(6);
                for (int round = 0; round < rounds; round++) {
                    int kind = random.nextInt(10);
                    if (kind == 0) {
                        Cell c = nextStart(s, r, result, random);
                        r.moveStart(c);
                        log.add("move start to " + c);
                        moves++;
                    } else if (kind == 1) {
                        Cell c = ReplanTestSupport.randomCell(random, s.width(), s.height());
                        r.setGoal(c);
                        log.add("goal " + c);
                    }
                    for (int e = 1 + random.nextInt(3); e > 0; e--) {
                        log.add(ReplanTestSupport.randomEdit(s, random, ReplanTestSupport.cells(result)));
                    }
                    if (random.nextInt(4) == 0) {
                        sliced++;
                    }
                    result = sliced % 4 == 1 ? replanSliced(r, random, log) : replanToEnd(r, random, log);
                    check(s, r, result, seed, log);
                    steps++;
                    if (result.status() == PathStatus.FOUND) {
                        found++;
                    }
                }
                restarts += r.restartCount();
            }
        }
        for (int size = 1; size <= 3; size++) {
            assertTrue(sizes[size] > 0, "agent size " + size + " is covered");
        }
        assertTrue(
                hex > 0 && algorithms[0] > 0 && algorithms[1] > 0 && moves > 0, "hex, both algorithms and start moves");
        assertTrue(found > steps / 3, "many steps find a path: " + found + " of " + steps);
        assertTrue(
                restarts < steps / 4, "most edits are repaired, not restarted: " + restarts + " restarts in " + steps);
        System.out.printf(
                "replanning: %d sequences (%d hex, %d LPA*, %d D* Lite), %d replans (%d found), %d start moves,"
                        + " %d edits that restarted; all equal to Dijkstra and A*%n",
                SEQUENCES, hex, algorithms[0], algorithms[1], steps, found, moves, restarts);
    }

    private static Result replanToEnd(Replanned r, SplittableRandom random, List<String> log) {
        log.add("replan");
        return r.replan(0);
    }

    /** Replans in random budgets until the result is not BUDGET_EXHAUSTED. */
    private static Result replanSliced(Replanned r, SplittableRandom random, List<String> log) {
        log.add("sliced replan");
        while (true) {
            Result res = r.replan(1 + random.nextInt(7));
            if (res.status() != PathStatus.BUDGET_EXHAUSTED) {
                return res;
            }
        }
    }

    /** The next start: often a step along the current path (an agent walking it), else anywhere. */
    private static Cell nextStart(Setting s, Replanned r, Result result, SplittableRandom random) {
        int w = s.width();
        if (result.status() == PathStatus.FOUND && result.cells().length > 1 && random.nextInt(3) > 0) {
            int c = result.cells()[1];
            return new Cell(c % w, c / w);
        }
        return ReplanTestSupport.randomCell(random, w, s.height());
    }

    private static void check(Setting s, Replanned r, Result result, long seed, List<String> log) {
        String context = "seed " + seed + ", " + s + " after " + log;
        Cell start = r.start();
        Cell goal = r.goal();
        ReplanTestSupport.check(s, start, goal, result, context);
        double astar;
        PathStatus astarStatus;
        if (s.grid() != null) {
            GridPath p = s.grid()
                    .findPath(
                            start,
                            goal,
                            s.options().toBuilder()
                                    .algorithm(GridAlgorithm.ASTAR)
                                    .build());
            astar = p.cost();
            astarStatus = p.status();
        } else {
            HexPath p = s.hex().findPath(start, goal);
            astar = p.cost();
            astarStatus = p.status();
        }
        if (astarStatus != result.status()
                || (astarStatus == PathStatus.FOUND && !ReplanTestSupport.close(astar, result.cost()))) {
            fail(context + ": replanned " + result.status() + " " + result.cost() + ", fresh A* " + astarStatus + " "
                    + astar);
        }
    }
}
