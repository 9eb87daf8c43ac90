package org.onepath.query;

import org.onepath.cells.AreaCosts;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;

/**
 * The searches a voxel query may ask for or run, as the driver names them: the same constants in
 * the same order as the tier-1 {@code VoxelAlgorithm}, so the facade converts by ordinal.
 */
public enum VoxelEngine {
    /** The paged voxel A*; every query can run it. */
    ASTAR,
    /** The voxel jump point search. */
    JPS,
    /** The chunk hierarchy (HPA* in 3D): complete, never cheaper than the optimum, not always optimal. */
    HPA;

    /**
     * The search a query runs. The hierarchy runs when asked for and the query has no step-cost or
     * blocking hook (its tables price moves by the area costs alone) and is not
     * {@link VoxelCornerRule#ALLOW_ALL} with 18 or 26 moves (which the hierarchy refuses: a
     * diagonal move may cross between chunks with no face step beside it); the weight is not read
     * (the hierarchy has its own estimate). Any other query runs the exact search: jump point
     * search when asked for (or when the hierarchy was) and the query qualifies (26 moves, no
     * corner cutting, no hook, weight 1, one cost for every area), else A*.
     *
     * @param asked the search asked for
     * @param connectivity the moves
     * @param cornerRule the corner rule
     * @param weight the heuristic weight
     * @param hooks whether the query has a step-cost or blocking hook
     * @param areas the grid's area costs
     * @return the search to run
     */
    public static VoxelEngine chosen(
            VoxelEngine asked,
            VoxelConnectivity connectivity,
            VoxelCornerRule cornerRule,
            double weight,
            boolean hooks,
            AreaCosts areas) {
        if (asked == HPA && !hooks && hierarchySupports(connectivity, cornerRule)) {
            return HPA;
        }
        boolean jumps = asked != ASTAR
                && connectivity == VoxelConnectivity.TWENTY_SIX
                && cornerRule == VoxelCornerRule.NO_CORNER_CUTTING
                && !hooks
                && weight == 1.0
                && areas.isUniform();
        return jumps ? JPS : ASTAR;
    }

    /** Whether the hierarchy serves these moves and rule: all but ALLOW_ALL with diagonal moves. */
    static boolean hierarchySupports(VoxelConnectivity connectivity, VoxelCornerRule cornerRule) {
        return cornerRule != VoxelCornerRule.ALLOW_ALL || connectivity == VoxelConnectivity.SIX;
    }
}
