package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.onepath.Grid;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SquareTopology;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * The jumpers and the JPS+ table on Moving AI maps (skipped when the benchmark data is absent):
 * block equals online from every walkable cell in all eight directions, the table equals the
 * model's, and jump point searches over sampled scenario problems cost what A* and the published
 * optimum say.
 */
class MovingAiJumpTest {

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({"dao, arena.map", "street, Berlin_0_256.map"})
    void blockEqualsOnlineFromEveryWalkableCell(String folder, String name) {
        Path file = JpsModel.movingAiMap(folder, name);
        try (Grid grid = MovingAiMap.read(file).toGrid();
                BlockMap map = new BlockMap(grid)) {
            JpsModel model = JpsModel.of(grid);
            BlockJumper block = new BlockJumper(map);
            OnlineJumper online = new OnlineJumper(grid);
            Random random = new Random(name.hashCode());
            int n = model.cellCount();
            long compared = 0;
            long found = 0;
            for (int cell = 0; cell < n; cell++) {
                if (!model.openCell(cell)) {
                    continue;
                }
                int goal = random.nextInt(n);
                for (int d = 0; d < 8; d++) {
                    int expected = online.jump(cell, d, goal);
                    int actual = block.jump(cell, d, goal);
                    compared++;
                    if (expected > 0) {
                        found++;
                    }
                    if (expected != actual) {
                        fail(name + ": block " + actual + " != online " + expected + " from (" + cell % model.width
                                + ","
                                + cell / model.width + ") " + JpsModel.NAMES[d] + " goal (" + goal % model.width + ","
                                + goal / model.width + ")");
                    }
                }
            }
            assertTrue(compared > 1000 && found > 100, name + ": " + compared + " jumps compared, " + found + " found");
        }
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({"dao, arena.map", "street, Berlin_0_256.map"})
    void onlineEqualsTheModelOnSampledCells(String folder, String name) {
        Path file = JpsModel.movingAiMap(folder, name);
        try (Grid grid = MovingAiMap.read(file).toGrid()) {
            JpsModel model = JpsModel.of(grid);
            OnlineJumper online = new OnlineJumper(grid);
            Random random = new Random(~name.hashCode());
            int n = model.cellCount();
            for (int i = 0; i < 4000; i++) {
                int cell = random.nextInt(n);
                int goal = random.nextInt(n);
                int d = random.nextInt(8);
                assertEquals(
                        model.jump(cell, d, goal), online.jump(cell, d, goal), name + " cell " + cell + " dir " + d);
            }
        }
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({"dao, arena.map", "street, Berlin_0_256.map"})
    void tableEqualsTheDefinition(String folder, String name) {
        Path file = JpsModel.movingAiMap(folder, name);
        try (Grid grid = MovingAiMap.read(file).toGrid();
                JpsPlusIndex index = new JpsPlusIndex(grid)) {
            JpsModel model = JpsModel.of(grid);
            JpsPlusIndexTest.assertTableMatches(model, index, name);
            // edits on the map, then a refresh: still the definition
            Random random = new Random(name.hashCode());
            for (int round = 0; round < 3; round++) {
                int edits = round == 2 ? 2000 : 1 + random.nextInt(40);
                for (int e = 0; e < edits; e++) {
                    int x = random.nextInt(model.width);
                    int y = random.nextInt(model.height);
                    boolean open = random.nextInt(4) > 0;
                    grid.setWalkable(x, y, open);
                    model.open[y * model.width + x] = open;
                }
                index.refresh();
                JpsPlusIndexTest.assertTableMatches(model, index, name + " after edit round " + round);
            }
        }
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({"dao, arena.map", "street, Berlin_0_256.map"})
    void scenarioCostsEqualAStarAndThePublishedOptimum(String folder, String name) {
        Path file = JpsModel.movingAiMap(folder, name);
        Path scen = file.resolveSibling(name + ".scen");
        assumeTrue(Files.isRegularFile(scen), "scenario file " + scen.toAbsolutePath() + " not found; skipping");
        List<MovingAiScenario> problems = MovingAiScenarios.read(scen);
        try (Grid grid = MovingAiMap.read(file).toGrid();
                BlockMap map = new BlockMap(grid);
                JpsPlusIndex index = new JpsPlusIndex(grid);
                GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
                GridSearchBuffers astarBuffers = new GridSearchBuffers(grid.cellCount())) {
            JpsModel model = JpsModel.of(grid);
            Heuristic h = new OctileHeuristic(grid.width(), 1.0);
            JumpSearch<BlockJumper, Heuristic> jps = new JumpSearch<>(grid, new BlockJumper(map), h, 1.0, buffers);
            JumpSearch<TableJumper, Heuristic> jpsPlus =
                    new JumpSearch<>(grid, new TableJumper(index), h, 1.0, buffers);
            SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            AStar<SquareTopology, DefaultStepCost, Heuristic> astar =
                    new AStar<>(topology, DefaultStepCost.INSTANCE, h, astarBuffers);
            int step = Math.max(1, problems.size() / 60);
            for (int i = problems.size() - 1; i >= 0; i -= step) {
                MovingAiScenario p = problems.get(i);
                int start = p.startY() * grid.width() + p.startX();
                int goal = p.goalY() * grid.width() + p.goalX();
                astar.begin(start, goal);
                assertEquals(SearchStatus.FOUND, astar.run(), p.toString());
                for (JumpSearch<?, Heuristic> search : List.of(jps, jpsPlus)) {
                    search.begin(start, goal);
                    assertEquals(SearchStatus.FOUND, search.run(), p.toString());
                    assertTrue(
                            JpsModel.closeEnough(astar.pathCost(), search.pathCost()),
                            search.pathCost() + " vs A* " + astar.pathCost() + " " + p);
                    assertEquals(p.optimalLength(), search.pathCost(), p.matchTolerance(), p.toString());
                    double[] sum = new double[1];
                    assertNull(model.chainProblem(search.path(), start, goal, 1.0, sum), p.toString());
                    assertTrue(JpsModel.closeEnough(sum[0], search.pathCost()), p.toString());
                }
            }
        }
    }
}
