package org.onepath.bench;

import com.badlogic.gdx.ai.pfa.Connection;
import com.badlogic.gdx.ai.pfa.DefaultGraphPath;
import com.badlogic.gdx.ai.pfa.Heuristic;
import com.badlogic.gdx.ai.pfa.indexed.IndexedAStarPathFinder;
import com.badlogic.gdx.ai.pfa.indexed.IndexedGraph;
import com.badlogic.gdx.utils.Array;
import java.util.concurrent.TimeUnit;
import org.jgrapht.alg.interfaces.AStarAdmissibleHeuristic;
import org.jgrapht.alg.shortestpath.AStarShortestPath;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.cells.Cell;
import org.onepath.cells.GridMath;
import org.onepath.grids.fast.BitFinder;
import org.onepath.grids.fast.OctileJump;
import org.onepath.grids.fast.OctileMap;
import org.onepath.grids.fast.TableFinder;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The same Moving AI queries (eight moves, no corner cutting, octile estimate) answered by
 * OnePath's one-line call and by the A* of two libraries a Java user might otherwise pick:
 * gdx-ai's {@code IndexedAStarPathFinder} and JGraphT's {@code AStarShortestPath}, each over a
 * graph of the map's walkable cells built once in setup. OnePath runs its specialised engines
 * (tier 1), the generic cores ({@code specializedEngines(false)}) and the improved-pruning jump
 * point searches (tier 2). One operation is one query, cycling through the map's scenarios;
 * ratios between the engines come from one run of this class
 * ({@code -p map=dao/brc000d,sc1/Aftershock} runs two maps).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class PeerComparisonBenchmark {
    @Param({"dao/brc000d"})
    public String map;

    @Param({
        "onepath-astar", "onepath-jps", "onepath-jpsplus", "onepath-jps-improved", "onepath-jpsplus-improved",
        "onepath-generic-astar", "onepath-generic-jps", "onepath-generic-jpsplus", "gdx-ai", "jgrapht"
    })
    public String engine;

    private Grid grid;
    private int width;
    private int[] problems;
    private int next;
    private GridOptions options;
    private GdxGraph gdxGraph;
    private IndexedAStarPathFinder<GdxNode> gdxFinder;
    private DefaultGraphPath<GdxNode> gdxPath;
    private AStarShortestPath<Integer, DefaultWeightedEdge> jgrapht;
    private OctileJump<?> improved;
    private AutoCloseable[] improvedParts = {};

    @Setup(Level.Trial)
    public void setUp() {
        grid = BenchData.grid(map);
        width = grid.width();
        problems = BenchData.problems(map);
        switch (engine) {
            case "onepath-astar" -> options = GridOptions.DEFAULT;
            case "onepath-jps" ->
                options = GridOptions.DEFAULT.toBuilder()
                        .algorithm(GridAlgorithm.JPS)
                        .build();
            case "onepath-jpsplus" ->
                options = GridOptions.DEFAULT.toBuilder()
                        .algorithm(GridAlgorithm.JPS_PLUS)
                        .build();
            case "onepath-generic-astar" ->
                options = GridOptions.DEFAULT.toBuilder()
                        .specializedEngines(false)
                        .build();
            case "onepath-generic-jps" ->
                options = GridOptions.DEFAULT.toBuilder()
                        .algorithm(GridAlgorithm.JPS)
                        .specializedEngines(false)
                        .build();
            case "onepath-generic-jpsplus" ->
                options = GridOptions.DEFAULT.toBuilder()
                        .algorithm(GridAlgorithm.JPS_PLUS)
                        .specializedEngines(false)
                        .build();
            case "onepath-jps-improved" -> {
                // Improved pruning has no tier-1 option: the tier-2 engine, as onepath scen builds it.
                BlockMap blocks = new BlockMap(grid);
                OctileMap octile = new OctileMap(grid);
                improved = new OctileJump<>(grid, new BitFinder(blocks, octile), true);
                improvedParts = new AutoCloseable[] {improved, octile, blocks};
            }
            case "onepath-jpsplus-improved" -> {
                JpsPlusIndex index = new JpsPlusIndex(grid);
                OctileMap octile = new OctileMap(grid);
                improved = new OctileJump<>(grid, new TableFinder(index, octile), true);
                improvedParts = new AutoCloseable[] {improved, octile, index};
            }
            case "gdx-ai" -> {
                gdxGraph = new GdxGraph(grid);
                gdxFinder = new IndexedAStarPathFinder<>(gdxGraph);
                gdxPath = new DefaultGraphPath<>();
            }
            case "jgrapht" -> jgrapht = jgraphtSearch(grid);
            default -> throw new IllegalArgumentException("unknown engine " + engine);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        for (AutoCloseable part : improvedParts) {
            part.close();
        }
        grid.close();
    }

    @Benchmark
    public double query() {
        int i = next;
        next = i + 4 == problems.length ? 0 : i + 4;
        int sx = problems[i];
        int sy = problems[i + 1];
        int gx = problems[i + 2];
        int gy = problems[i + 3];
        if (options != null) {
            return grid.findPath(new Cell(sx, sy), new Cell(gx, gy), options).cost();
        }
        if (improved != null) {
            improved.begin(sy * width + sx, gy * width + gx);
            improved.step(Integer.MAX_VALUE);
            return improved.pathCost();
        }
        if (gdxFinder != null) {
            gdxPath.clear();
            gdxFinder.searchNodePath(
                    gdxGraph.nodes[sy * width + sx], gdxGraph.nodes[gy * width + gx], GdxGraph.OCTILE, gdxPath);
            return gdxPath.getCount();
        }
        var path = jgrapht.getPath(sy * width + sx, gy * width + gx);
        return path == null ? Double.POSITIVE_INFINITY : path.getWeight();
    }

    /** The legal moves of a cell: eight directions, both beside cells open for a diagonal. */
    private static int[][] moves(Grid grid, int x, int y) {
        int[][] dirs = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}};
        int count = 0;
        int[][] out = new int[8][];
        for (int[] d : dirs) {
            int tx = x + d[0];
            int ty = y + d[1];
            if (!open(grid, tx, ty)) {
                continue;
            }
            if (d[0] != 0 && d[1] != 0 && !(open(grid, x + d[0], y) && open(grid, x, y + d[1]))) {
                continue;
            }
            out[count++] = new int[] {tx, ty};
        }
        return java.util.Arrays.copyOf(out, count);
    }

    private static boolean open(Grid grid, int x, int y) {
        return grid.contains(x, y) && grid.isWalkable(x, y);
    }

    private static AStarShortestPath<Integer, DefaultWeightedEdge> jgraphtSearch(Grid grid) {
        int w = grid.width();
        SimpleWeightedGraph<Integer, DefaultWeightedEdge> g = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        for (int c = 0; c < grid.cellCount(); c++) {
            if (open(grid, c % w, c / w)) {
                g.addVertex(c);
            }
        }
        for (int c = 0; c < grid.cellCount(); c++) {
            if (!open(grid, c % w, c / w)) {
                continue;
            }
            for (int[] t : moves(grid, c % w, c / w)) {
                int target = t[1] * w + t[0];
                if (target > c && !g.containsEdge(c, target)) {
                    DefaultWeightedEdge e = g.addEdge(c, target);
                    g.setEdgeWeight(e, t[0] != c % w && t[1] != c / w ? GridMath.SQRT2 : 1.0);
                }
            }
        }
        // Scaled a hair below octile: JGraphT's heap fails ("Invalid handle!") when rounding makes
        // the estimate inconsistent by an ulp and a closed vertex would be reopened.
        AStarAdmissibleHeuristic<Integer> octile = (s, t) -> {
            int dx = Math.abs(s % w - t % w);
            int dy = Math.abs(s / w - t / w);
            return (Math.max(dx, dy) - Math.min(dx, dy) + Math.min(dx, dy) * GridMath.SQRT2) * (1 - 1e-9);
        };
        return new AStarShortestPath<>(g, octile);
    }

    /** A walkable cell as a gdx-ai node. */
    static final class GdxNode {
        final int index;
        final int x;
        final int y;
        final Array<Connection<GdxNode>> connections = new Array<>(8);

        GdxNode(int index, int x, int y) {
            this.index = index;
            this.x = x;
            this.y = y;
        }
    }

    /** A move between two cells with its float cost (gdx-ai's cost type). */
    record GdxMove(GdxNode from, GdxNode to, float cost) implements Connection<GdxNode> {
        @Override
        public float getCost() {
            return cost;
        }

        @Override
        public GdxNode getFromNode() {
            return from;
        }

        @Override
        public GdxNode getToNode() {
            return to;
        }
    }

    /** The map as a gdx-ai indexed graph; node index = row-major cell. */
    static final class GdxGraph implements IndexedGraph<GdxNode> {
        static final Heuristic<GdxNode> OCTILE = (n, goal) -> {
            int dx = Math.abs(n.x - goal.x);
            int dy = Math.abs(n.y - goal.y);
            return (float) (Math.max(dx, dy) - Math.min(dx, dy) + Math.min(dx, dy) * GridMath.SQRT2);
        };

        final GdxNode[] nodes;

        GdxGraph(Grid grid) {
            int w = grid.width();
            nodes = new GdxNode[grid.cellCount()];
            for (int c = 0; c < nodes.length; c++) {
                nodes[c] = new GdxNode(c, c % w, c / w);
            }
            for (GdxNode n : nodes) {
                if (!open(grid, n.x, n.y)) {
                    continue;
                }
                for (int[] t : moves(grid, n.x, n.y)) {
                    boolean diagonal = t[0] != n.x && t[1] != n.y;
                    n.connections.add(new GdxMove(n, nodes[t[1] * w + t[0]], diagonal ? (float) GridMath.SQRT2 : 1f));
                }
            }
        }

        @Override
        public int getIndex(GdxNode node) {
            return node.index;
        }

        @Override
        public int getNodeCount() {
            return nodes.length;
        }

        @Override
        public Array<Connection<GdxNode>> getConnections(GdxNode fromNode) {
            return fromNode.connections;
        }
    }
}
