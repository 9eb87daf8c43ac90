package org.onepath.fuzz;

import java.util.List;
import org.onepath.Graph;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridMath;
import org.onepath.graphs.GraphAStar;
import org.onepath.graphs.Landmarks;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.Heuristic;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SquareTopology;
import org.onepath.grids.jps.BlockJumper;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JumpSearch;
import org.onepath.grids.theta.EuclideanHeuristic;
import org.onepath.grids.theta.ThetaSearch;
import org.onepath.grids.theta.ThetaVariant;

/**
 * What the search targets and {@link SeedCorpus} build the same way, so every seed restores into
 * a target: the 16 x 12 search grid, the engines over it and the queries the seeds run.
 */
final class Fixtures {
    /**
     * The search grid: walls, a way round them, and a sealed pocket in the bottom-right corner
     * (columns 14-15, rows 8-11) for the no-path searches.
     */
    static final String SEARCH_MAP = """
            ................
            ..#####.........
            ......#...#.....
            ......#...#.....
            ..#...#...####..
            ..#.......#.....
            ..#####...#.....
            ..........#..###
            .....#....#..#..
            .....#.......#..
            .....#####...#..
            .............#..
            """;

    /** A query of the seeds: start and goal cells. */
    record Query(String name, int sx, int sy, int gx, int gy) {
        int start(int width) {
            return sy * width + sx;
        }

        int goal(int width) {
            return gy * width + gx;
        }
    }

    /** Found, round the walls. */
    static final Query ACROSS = new Query("across", 0, 0, 12, 11);
    /** Found, the other way. */
    static final Query BACK = new Query("back", 1, 9, 15, 0);
    /** No path: the goal is in the sealed pocket. */
    static final Query SEALED = new Query("sealed", 0, 0, 15, 11);

    static final List<Query> QUERIES = List.of(ACROSS, BACK, SEALED);

    private Fixtures() {}

    static Grid searchGrid() {
        return Grid.fromText(SEARCH_MAP);
    }

    /** Landmarks of the graphastar target's estimate: the top-left and bottom-left cells. */
    static final int[] GRAPH_LANDMARKS = {0, 11 * 16};

    /**
     * The graph targets' graph: the octile moves of the search grid (node = cell index; per cell
     * N, E, S, W, NE, SE, SW, NW without corner cutting; straight 1, diagonal sqrt 2), so the
     * graph seeds run the grid seeds' queries.
     */
    static Graph searchGraph() {
        int[] dx = {0, 1, 0, -1, 1, 1, -1, -1};
        int[] dy = {-1, 0, 1, 0, -1, 1, 1, -1};
        try (Grid grid = searchGrid()) {
            int w = grid.width();
            Graph g = new Graph(grid.cellCount());
            for (int y = 0; y < grid.height(); y++) {
                for (int x = 0; x < w; x++) {
                    for (int d = 0; d < 8 && grid.isWalkable(x, y); d++) {
                        int nx = x + dx[d];
                        int ny = y + dy[d];
                        boolean open = grid.contains(nx, ny)
                                && grid.isWalkable(nx, ny)
                                && (d < 4 || grid.isWalkable(nx, y) && grid.isWalkable(x, ny));
                        if (open) {
                            g.addEdge(y * w + x, ny * w + nx, d < 4 ? 1.0 : GridMath.SQRT2);
                        }
                    }
                }
            }
            return g;
        }
    }

    /** The graphastar target's engine: graph A* over the search graph with landmark bounds, weight 1. */
    static GraphAStar<Heuristic> graphAStar(Graph graph, Landmarks landmarks, GridSearchBuffers buffers) {
        return new GraphAStar<>(graph.compile(), landmarks.heuristic(), buffers);
    }

    /** The astar target's engine: eight moves without corner cutting, octile heuristic, weight 1. */
    static AStar<SquareTopology, DefaultStepCost, OctileHeuristic> astar(Grid grid, GridSearchBuffers buffers) {
        return new AStar<>(
                grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING),
                DefaultStepCost.INSTANCE,
                new OctileHeuristic(grid.width(), 1.0),
                buffers);
    }

    /** The jps target's engine: block jumper, octile heuristic, cost multiplier 1. */
    static JumpSearch<BlockJumper, OctileHeuristic> jps(Grid grid, BlockMap map, GridSearchBuffers buffers) {
        return new JumpSearch<>(grid, new BlockJumper(map), new OctileHeuristic(grid.width(), 1.0), 1.0, buffers);
    }

    /** The theta target's engine: Lazy Theta* with re-queue, Euclidean estimate, cost multiplier 1. */
    static ThetaSearch<EuclideanHeuristic> theta(Grid grid, GridSearchBuffers buffers) {
        return new ThetaSearch<>(
                grid, ThetaVariant.LAZY_REQUEUE, new EuclideanHeuristic(grid.width(), 1.0), 1.0, buffers);
    }

    /** The GridSearch handles of the gridsearch target, with the mode (and finder) each restores. */
    enum Handle {
        /** Default options: the specialised octile A*, mode 1. */
        ASTAR_FAST(GridOptions.DEFAULT),
        /** JPS: the specialised jump search with the block finder, mode 3 finder 0. */
        JPS_FAST(GridOptions.builder().algorithm(GridAlgorithm.JPS).build()),
        /** JPS+: the specialised jump search with the table finder, mode 3 finder 1. */
        JPS_PLUS_FAST(GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build()),
        /** The generic core's A*, mode 2 with an embedded kind-8 state. */
        ASTAR_GENERIC(GridOptions.builder().specializedEngines(false).build()),
        /** The generic core's jump point search, mode 2 with an embedded kind-9 state. */
        JPS_GENERIC(GridOptions.builder()
                .algorithm(GridAlgorithm.JPS)
                .specializedEngines(false)
                .build()),
        /** The generic core's JPS+, mode 2 with an embedded kind-9 state. */
        JPS_PLUS_GENERIC(GridOptions.builder()
                .algorithm(GridAlgorithm.JPS_PLUS)
                .specializedEngines(false)
                .build());

        final GridOptions options;

        Handle(GridOptions options) {
            this.options = options;
        }

        /** File name prefix of its seeds. */
        String fileName() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }
}
