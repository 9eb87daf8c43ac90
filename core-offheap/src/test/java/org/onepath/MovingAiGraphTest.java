package org.onepath;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridMath;
import org.onepath.graphs.GraphAStar;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SquareTopology;
import org.onepath.io.MovingAiMap;
import org.onepath.io.MovingAiScenario;
import org.onepath.io.MovingAiScenarios;

/**
 * A Moving AI map loaded as a graph of its octile moves answers its scenarios as the grid does.
 * The graph is built here from the move rules (eight moves, no corner cutting; straight 1,
 * diagonal sqrt 2; per cell in the normative order N, E, S, W, NE, SE, SW, NW), node = cell
 * index. Then, for a sample of each map's problems:
 * <ul>
 *   <li>graph A* with the octile estimate and the grid's generic A* core expand the same number
 *       of nodes and return the same cells with the same cost bits (same moves, same order, same
 *       open-set rules);</li>
 *   <li>the tier-1 graph queries (Dijkstra and ALT) cost what the tier-1 grid query costs, to
 *       1e-9 of the length (equal-cost paths may sum their steps in another order), and match the
 *       published optimum by the project's rule.</li>
 * </ul>
 * Reads the data from the {@code onepath.data} folder and is skipped when it is absent.
 */
class MovingAiGraphTest {
    private static final int SAMPLES_PER_MAP = 6;
    private static final GraphOptions FOUR_LANDMARKS = GraphOptions.builder()
            .heuristic(GraphHeuristic.LANDMARKS)
            .landmarkCount(4)
            .build();
    /** N, E, S, W, NE, SE, SW, NW. */
    private static final int[] DX = {0, 1, 0, -1, 1, 1, -1, -1};

    private static final int[] DY = {-1, 0, 1, 0, -1, 1, 1, -1};

    private static Path dataDirectory() {
        String dir = System.getProperty("onepath.data");
        Path path = dir == null ? null : Path.of(dir, "movingai");
        assumeTrue(
                path != null && Files.isDirectory(path),
                "Moving AI data not found (system property onepath.data = " + dir + "); skipping");
        return path;
    }

    /** The octile move graph of a grid, from the definition. */
    static Graph octileGraph(Grid grid) {
        int w = grid.width();
        int h = grid.height();
        Graph g = new Graph(w * h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (!grid.isWalkable(x, y)) {
                    continue;
                }
                for (int d = 0; d < 8; d++) {
                    int nx = x + DX[d];
                    int ny = y + DY[d];
                    if (!grid.contains(nx, ny) || !grid.isWalkable(nx, ny)) {
                        continue;
                    }
                    if (d >= 4 && (!grid.isWalkable(nx, y) || !grid.isWalkable(x, ny))) {
                        continue; // no corner cutting: both beside cells open
                    }
                    g.addEdge(y * w + x, ny * w + nx, d < 4 ? 1.0 : GridMath.SQRT2);
                }
            }
        }
        return g;
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({"dao, arena", "dao, lak110d", "street, Berlin_0_256", "bg512, AR0011SR"})
    void aMapAsAGraphAnswersItsScenariosAsTheGrid(String folder, String name) {
        Path dir = dataDirectory().resolve(folder);
        Path mapFile = dir.resolve(name + ".map");
        Path scenFile = dir.resolve(name + ".map.scen");
        assumeTrue(
                Files.isRegularFile(mapFile) && Files.isRegularFile(scenFile),
                "missing " + mapFile + " or its scenarios");
        List<MovingAiScenario> problems = MovingAiScenarios.read(scenFile);
        try (Grid grid = MovingAiMap.read(mapFile).toGrid();
                Graph graph = octileGraph(grid);
                GridSearchBuffers gridBuffers = new GridSearchBuffers(grid.cellCount());
                GridSearchBuffers graphBuffers = new GridSearchBuffers(grid.cellCount())) {
            int w = grid.width();
            SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            AStar<SquareTopology, DefaultStepCost, OctileHeuristic> gridAStar =
                    new AStar<>(topology, DefaultStepCost.INSTANCE, new OctileHeuristic(w, 1.0), gridBuffers);
            GraphAStar<OctileHeuristic> graphAStar =
                    new GraphAStar<>(graph.compile(), new OctileHeuristic(w, 1.0), graphBuffers);
            int step = Math.max(1, problems.size() / SAMPLES_PER_MAP);
            for (int i = problems.size() - 1; i >= 0; i -= step) {
                MovingAiScenario p = problems.get(i);
                int s = p.startY() * w + p.startX();
                int t = p.goalY() * w + p.goalX();
                gridAStar.begin(s, t);
                gridAStar.run();
                graphAStar.begin(s, t);
                graphAStar.run();
                String where = name + " " + p;
                assertEquals(gridAStar.status(), graphAStar.status(), where);
                assertEquals(SearchStatus.FOUND, graphAStar.status(), where);
                assertEquals(
                        Double.doubleToRawLongBits(gridAStar.pathCost()),
                        Double.doubleToRawLongBits(graphAStar.pathCost()),
                        where + ": cost bits");
                assertEquals(gridAStar.expandedCount(), graphAStar.expandedCount(), where + ": expansions");
                assertArrayEquals(gridAStar.path(), graphAStar.path(), where + ": cells");

                GridPath onGrid = grid.findPath(p.start(), p.goal());
                GraphPath dijkstra = graph.findPath(s, t, GraphOptions.DIJKSTRA);
                GraphPath alt = graph.findPath(s, t, FOUR_LANDMARKS);
                double tolerance = 1e-9 * Math.max(1, onGrid.cost());
                assertEquals(onGrid.cost(), dijkstra.cost(), tolerance, where + ": Dijkstra on the graph");
                assertEquals(onGrid.cost(), alt.cost(), tolerance, where + ": ALT on the graph");
                double optimal = p.optimalLength();
                assertEquals(optimal, dijkstra.cost(), p.matchTolerance(), where + ": published length");
                assertEquals(dijkstra.length() - 1, dijkstra.edges().length, where);
            }
        }
    }
}
