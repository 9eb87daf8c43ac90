package org.onepath.io;

/**
 * How Moving AI map characters become cells. {@code .} and {@code G} are always open,
 * {@code @}, {@code O} and {@code T} always walls; swamp ({@code S}) and water ({@code W}) follow
 * these flags. The published optimal lengths of the benchmark sets need {@link #DEFAULT}.
 *
 * @param swampWalkable whether {@code S} is open (default true)
 * @param waterWalkable whether {@code W} is open (default false)
 */
public record MovingAiOptions(boolean swampWalkable, boolean waterWalkable) {
    /** Swamp open, water blocked. */
    public static final MovingAiOptions DEFAULT = new MovingAiOptions(true, false);
}
