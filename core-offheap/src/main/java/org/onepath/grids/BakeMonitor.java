package org.onepath.grids;

/**
 * Hears a long bake's progress and may cancel it (the goal-bounds bake of {@code Grid.bakeGoalBounds}). Called on the
 * thread that runs the bake, a few times a second and once at the end, never from its workers.
 */
public interface BakeMonitor {
    /** A monitor that hears nothing and never cancels. */
    BakeMonitor NONE = (done, total) -> {};

    /**
     * {@code done} of {@code total} units are baked (jump points for goal bounds).
     *
     * @param done  units finished, non-decreasing
     * @param total units in all
     */
    void progress(long done, long total);

    /**
     * Whether the bake should stop; it then throws {@link java.util.concurrent.CancellationException}.
     *
     * @return true to stop the bake (false unless overridden)
     */
    default boolean isCancelled() {
        return false;
    }
}
