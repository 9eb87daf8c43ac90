package org.onepath;

import org.onepath.grids.fast.GoalBounds;

/**
 * What a grid's goal bounds hold ({@link Grid#bakeGoalBounds}, {@link Grid#goalBounds()}):
 * figures of the packed table {@link GridAlgorithm#JPS_PLUS_BOUNDED} queries read.
 *
 * @param jumpPoints  the jump points that have boxes
 * @param storedBoxes the boxes stored (neither empty nor holding the whole reachable area)
 * @param stepX       columns per unit of a stored box's x sides (1 on sides up to 256)
 * @param stepY       rows per unit of a stored box's y sides
 * @param bytes       bytes of the table (what a store's section holds)
 * @param current     whether the bounds describe the grid's cells as they are; false after an
 *                    edit or a restore, when bounded queries run JPS+
 */
public record GoalBoundsSummary(int jumpPoints, long storedBoxes, int stepX, int stepY, long bytes, boolean current) {
    /** The figures of these bounds, or null for null. */
    static GoalBoundsSummary of(GoalBounds bounds) {
        return bounds == null
                ? null
                : new GoalBoundsSummary(
                        bounds.jumpPointCount(),
                        bounds.storedBoxes(),
                        bounds.stepX(),
                        bounds.stepY(),
                        bounds.byteSize(),
                        bounds.isCurrent());
    }
}
