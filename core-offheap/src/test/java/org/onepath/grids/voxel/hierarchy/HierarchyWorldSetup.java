package org.onepath.grids.voxel.hierarchy;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;

/**
 * One random world and the options to search it with, as the hierarchy's property tests draw them
 * (the engine's at tier 2 and {@code VoxelAlgorithm.HPA}'s at tier 1).
 *
 * @param sx the world's size in x
 * @param sy the world's size in y
 * @param sz the world's size in z
 * @param defaultArea the chunk table's default area
 * @param areas whether open voxels get random area costs
 * @param seed the seed of the world's voxels
 * @param connectivity the moves
 * @param rule the corner rule
 * @param faceSamples the hierarchy's face samples
 */
public record HierarchyWorldSetup(
        int sx,
        int sy,
        int sz,
        int defaultArea,
        boolean areas,
        long seed,
        VoxelConnectivity connectivity,
        VoxelCornerRule rule,
        int faceSamples) {
    @Override
    public String toString() {
        return sx + "x" + sy + "x" + sz + " default " + defaultArea + " areas " + areas + " seed " + seed + " "
                + connectivity + " " + rule + " samples " + faceSamples;
    }

    /**
     * Setups as both property tests draw them: two sides from {@link #side}, a depth of 1 to 24,
     * the default area open twice as often as walled, any moves and corner rule (no squeezing in
     * place of allowing all with 18 or 26 moves, which the hierarchy does not serve), 1 to 4 face
     * samples, 3 most often.
     *
     * @return the setups' arbitrary
     */
    @SuppressWarnings("exports")
    public static Arbitrary<HierarchyWorldSetup> setups() {
        return Combinators.combine(
                        Combinators.combine(
                                        side(), side(), Arbitraries.integers().between(1, 24))
                                .as((x, y, z) -> new int[] {x, y, z}),
                        Arbitraries.of(0, 0, 255),
                        Arbitraries.of(false, true),
                        Arbitraries.longs(),
                        Arbitraries.of(VoxelConnectivity.class),
                        Arbitraries.of(VoxelCornerRule.class),
                        Arbitraries.of(1, 2, 3, 3, 4))
                .as((size, d, a, seed, c, r, samples) -> new HierarchyWorldSetup(
                        size[0],
                        size[1],
                        size[2],
                        d,
                        a,
                        seed,
                        c,
                        c != VoxelConnectivity.SIX && r == VoxelCornerRule.ALLOW_ALL ? VoxelCornerRule.NO_SQUEEZING : r,
                        samples));
    }

    /** A side of a world: mostly a chunk or two, often at a chunk border, sometimes under a chunk. */
    private static Arbitrary<Integer> side() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.integers().between(10, 36)),
                Tuple.of(3, Arbitraries.of(16, 17, 31, 32, 33)),
                Tuple.of(1, Arbitraries.integers().between(1, 9)));
    }
}
