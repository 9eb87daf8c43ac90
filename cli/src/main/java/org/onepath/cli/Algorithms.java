package org.onepath.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.onepath.Cell;
import org.onepath.Connectivity;
import org.onepath.DiagonalRule;
import org.onepath.Grid;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.PathStatus;
import org.onepath.grids.AStar;
import org.onepath.grids.DefaultStepCost;
import org.onepath.grids.GridSearchBuffers;
import org.onepath.grids.OctileHeuristic;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.SquareTopology;

/** The algorithms {@code onepath scen} and {@code onepath demo} know, in report order. */
final class Algorithms {
    private static final Map<String, Algorithm> BY_NAME = new LinkedHashMap<>();

    static {
        register(new TierOneAStar());
        register(new GenericAStar());
    }

    private Algorithms() {
    }

    static List<Algorithm> all() {
        return List.copyOf(BY_NAME.values());
    }

    /** Names joined by commas, for help and errors. */
    static String names() {
        return String.join(",", BY_NAME.keySet());
    }

    /**
     * Parses a comma-separated list of names.
     *
     * @throws IllegalArgumentException naming an unknown algorithm and the known ones
     */
    static List<Algorithm> parse(String list) {
        List<Algorithm> out = new ArrayList<>();
        for (String raw : list.split(",")) {
            String name = raw.strip();
            if (name.isEmpty()) {
                continue;
            }
            Algorithm a = BY_NAME.get(name);
            if (a == null) {
                throw new IllegalArgumentException("unknown algorithm '" + name + "'; expected one of " + names());
            }
            if (!out.contains(a)) {
                out.add(a);
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no algorithm named in '" + list + "'; expected one of " + names());
        }
        return out;
    }

    private static void register(Algorithm a) {
        BY_NAME.put(a.name(), a);
    }

    /** The one-line tier-1 call with the default options. */
    private static final class TierOneAStar implements Algorithm {
        @Override
        public String name() {
            return "astar";
        }

        @Override
        public String description() {
            return "tier-1 grid.findPath with GridOptions.DEFAULT";
        }

        @Override
        public Solver prepare(Grid grid) {
            return new Solver() {
                private long expanded;

                @Override
                public double solve(int sx, int sy, int gx, int gy) {
                    GridPath path = grid.findPath(new Cell(sx, sy), new Cell(gx, gy), GridOptions.DEFAULT);
                    expanded = path.expandedCount();
                    return path.status() == PathStatus.FOUND ? path.cost() : Double.POSITIVE_INFINITY;
                }

                @Override
                public long lastExpanded() {
                    return expanded;
                }

                @Override
                public void close() {
                }
            };
        }
    }

    /** The tier-2 core built by hand: eight moves, no corner cutting, octile estimate. */
    private static final class GenericAStar implements Algorithm {
        @Override
        public String name() {
            return "generic-astar";
        }

        @Override
        public String description() {
            return "tier-2 AStar<SquareTopology, DefaultStepCost, OctileHeuristic>";
        }

        @Override
        public Solver prepare(Grid grid) {
            SquareTopology topology = grid.createTopology(1, Connectivity.EIGHT, DiagonalRule.NO_CORNER_CUTTING);
            GridSearchBuffers buffers = new GridSearchBuffers(grid.cellCount());
            AStar<SquareTopology, DefaultStepCost, OctileHeuristic> astar = new AStar<>(topology, DefaultStepCost.INSTANCE,
                    new OctileHeuristic(grid.width(), grid.areas().minCost()), buffers);
            int width = grid.width();
            return new Solver() {
                private long expanded;

                @Override
                public double solve(int sx, int sy, int gx, int gy) {
                    expanded = 0;
                    if (astar.tryBegin(sy * width + sx, gy * width + gx) != PathStatus.IN_PROGRESS) {
                        return Double.POSITIVE_INFINITY;
                    }
                    SearchStatus status = astar.run();
                    expanded = astar.expandedCount();
                    return status == SearchStatus.FOUND ? astar.pathCost() : Double.POSITIVE_INFINITY;
                }

                @Override
                public long lastExpanded() {
                    return expanded;
                }

                @Override
                public void close() {
                    buffers.close();
                }
            };
        }
    }
}
