/**
 * OnePath core: square grids whose cells live off-heap, the search cores over them and the
 * Moving AI readers.
 *
 * <ul>
 *   <li>{@code org.onepath} (tier 1): {@link org.onepath.Grid}, {@link org.onepath.HexGrid} and
 *       {@link org.onepath.VoxelGrid} with their options and results, the one-line
 *       {@code findPath}.</li>
 *   <li>{@code org.onepath.grids} (tiers 2 and 3): topologies, step costs, heuristics,
 *       {@link org.onepath.grids.AStar}, {@link org.onepath.grids.OpenSet} and
 *       {@link org.onepath.grids.GridSearchBuffers}; {@code org.onepath.grids.theta} the any-angle
 *       searches.</li>
 *   <li>{@code org.onepath.grids.flow} (tiers 2 and 3): {@link org.onepath.grids.flow.FlowField},
 *       the engine of {@link org.onepath.GridFlowField}.</li>
 * </ul>
 * {@code org.onepath.memory} is internal.
 */
module org.onepath.core {
    requires transitive org.onepath.state;

    exports org.onepath;
    exports org.onepath.grids;
    exports org.onepath.grids.jps;
    exports org.onepath.grids.fast;
    exports org.onepath.grids.flow;
    exports org.onepath.grids.voxel;
    exports org.onepath.grids.theta;
}
