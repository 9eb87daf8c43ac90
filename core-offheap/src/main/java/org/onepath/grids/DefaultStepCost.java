package org.onepath.grids;

/** The topology's own cost, unchanged. */
public final class DefaultStepCost implements StepCost {
    /** The shared instance; it has no state. */
    public static final DefaultStepCost INSTANCE = new DefaultStepCost();

    private DefaultStepCost() {}

    @Override
    public double cost(int from, int to, double baseCost) {
        return baseCost;
    }
}
