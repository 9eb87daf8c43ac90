/**
 * OnePath core: grids and graphs whose state lives off-heap, the search cores over them and the
 * Moving AI and DIMACS readers.
 *
 * <ul>
 *   <li>{@code org.onepath} (tier 1): {@link org.onepath.Grid}, {@link org.onepath.HexGrid},
 *       {@link org.onepath.VoxelGrid}, {@link org.onepath.Graph} and {@link org.onepath.PointGraph}
 *       with their options and results, the one-line {@code findPath}.</li>
 *   <li>{@code org.onepath.grids} (tiers 2 and 3): topologies, step costs, heuristics,
 *       {@link org.onepath.grids.AStar}, {@link org.onepath.grids.OpenSet} and
 *       {@link org.onepath.grids.GridSearchBuffers}; {@code org.onepath.grids.theta} the any-angle
 *       searches; {@code org.onepath.grids.voxel} the voxel searches and
 *       {@code org.onepath.grids.voxel.hierarchy} the voxel chunk hierarchy
 *       ({@link org.onepath.grids.voxel.hierarchy.VoxelHierarchy}), the engine of
 *       {@link org.onepath.VoxelAlgorithm#HPA}.</li>
 *   <li>{@code org.onepath.grids.flow} (tiers 2 and 3): {@link org.onepath.grids.flow.FlowField},
 *       the engine of {@link org.onepath.GridFlowField}.</li>
 *   <li>{@code org.onepath.grids.replan} (tiers 2 and 3):
 *       {@link org.onepath.grids.replan.ReplanSearch} (LPA* and D* Lite) and
 *       {@link org.onepath.grids.replan.ReplanOpenSet}, the engine of
 *       {@link org.onepath.GridReplanner} and {@link org.onepath.HexReplanner}.</li>
 *   <li>{@code org.onepath.graphs} (tiers 2 and 3): {@link org.onepath.graphs.CsrGraph},
 *       {@link org.onepath.graphs.GraphAStar}, {@link org.onepath.graphs.Landmarks} and the
 *       graph estimates.</li>
 * </ul>
 * {@code org.onepath.debug}: {@link org.onepath.debug.GridDebug}, results as immutable plain data
 * for drawing. {@code org.onepath.io}: the Moving AI and DIMACS readers. {@code org.onepath.cells}
 * (tier 3): the cell stores every engine takes ({@link org.onepath.cells.SquareCells},
 * {@link org.onepath.cells.HexCells}), coordinates and the small shared types.
 * {@code org.onepath.query} (the query drivers), {@code org.onepath.snapshot} (the cell stores'
 * snapshot adapters), {@code org.onepath.grids.fast}, {@code org.onepath.layout},
 * {@code org.onepath.tables} and {@code org.onepath.memory} are internal.
 */
// The qualified exports name modules built after this one, which javac cannot see yet.
@SuppressWarnings("module")
module org.onepath.core {
    requires transitive org.onepath.state;

    // Tier 1.
    exports org.onepath;
    exports org.onepath.io;
    exports org.onepath.debug;
    // Tiers 2 and 3: the cells, and the engines the spec names as public.
    exports org.onepath.cells;
    exports org.onepath.grids;
    exports org.onepath.grids.jps;
    exports org.onepath.grids.flow;
    exports org.onepath.grids.replan;
    exports org.onepath.grids.voxel;
    exports org.onepath.grids.voxel.hierarchy;
    exports org.onepath.grids.theta;
    exports org.onepath.grids.hpa;
    exports org.onepath.graphs;
    // Internals: the specialised octile engines (the one-line call's; the command runs them by
    // name), the record layouts (the store maps the persisted ones). The query drivers, snapshot
    // adapters, derived-table cache and org.onepath.memory are not exported at all.
    exports org.onepath.grids.fast to
            org.onepath.store,
            org.onepath.cli;
    exports org.onepath.layout to
            org.onepath.store,
            org.onepath.cli;
}
