package org.onepath;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Generators of random {@link ReferenceGrid}s for property tests. */
public final class RandomGrids {
    private RandomGrids() {}

    /**
     * Grids of minSide..maxSide per side with a random wall density (0..45 %), cells drawn from
     * four random area ids and each of those areas given a random multiplier (1 a third of the
     * time, else 0.05..8).
     */
    @SuppressWarnings("exports")
    public static Arbitrary<ReferenceGrid> grids(int minSide, int maxSide) {
        Arbitrary<Integer> sides = Arbitraries.integers().between(minSide, maxSide);
        Arbitrary<Integer> wallPercent = Arbitraries.integers().between(0, 45);
        Arbitrary<List<Integer>> palette =
                Arbitraries.integers().between(0, 254).list().ofSize(4);
        Arbitrary<Double> multiplier = Arbitraries.oneOf(
                Arbitraries.just(1.0), Arbitraries.doubles().between(0.05, 8.0).ofScale(6));
        Arbitrary<List<Double>> multipliers = multiplier.list().ofSize(4);
        return Combinators.combine(sides, sides, wallPercent, palette, multipliers)
                .flatAs((w, h, walls, areas, costs) -> Arbitraries.integers()
                        .between(0, 99)
                        .list()
                        .ofSize(w * h)
                        .map(cells -> build(w, h, walls, areas, costs, cells)));
    }

    private static ReferenceGrid build(
            int w, int h, int wallPercent, List<Integer> areas, List<Double> costs, List<Integer> cells) {
        ReferenceGrid g = new ReferenceGrid(w, h);
        for (int i = 0; i < areas.size(); i++) {
            g.setMultiplier(areas.get(i), costs.get(i));
        }
        for (int i = 0; i < w * h; i++) {
            int r = cells.get(i);
            // r shrinks towards 0, so shrinking turns cells into area palette[0] rather than walls
            int area = r >= 100 - wallPercent ? ReferenceGrid.WALL : areas.get(r % areas.size());
            g.setArea(i % w, i / w, area);
        }
        return g;
    }
}
