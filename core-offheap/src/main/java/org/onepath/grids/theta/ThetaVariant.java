package org.onepath.grids.theta;

/**
 * The any-angle rule a {@link ThetaSearch} follows. All three share the open set, the neighbour
 * order, the strict-improvement rule and the never-reopened closed set; they differ in when line
 * of sight is tested.
 */
public enum ThetaVariant {
    /**
     * Theta* (Nash, Daniel, Koenig and Felner 2007): each neighbour t of the expanded node s is
     * offered through s's parent p when p sees t, otherwise through s.
     */
    THETA,
    /**
     * Lazy Theta* as the paper has it (Nash, Koenig and Tovey 2010): every neighbour is offered
     * through p without a test; when a node is popped and its parent does not see it, SetVertex
     * gives it the closed neighbour u minimising g(u) + c(u, node), and it is expanded at once.
     */
    LAZY,
    /**
     * Lazy Theta* with re-queue (the tier-1 {@code GridAlgorithm.LAZY_THETA_STAR}): as {@link #LAZY},
     * but a node whose parent SetVertex changed goes back into the open set under its corrected
     * cost instead of being expanded in that iteration. The paper's order expands such a node
     * under its optimistic cost and occasionally returns a path longer than A*'s; the re-queue
     * costs a few iterations more.
     */
    LAZY_REQUEUE
}
