package org.onepath.cli;

import java.util.Arrays;
import java.util.List;

/**
 * The ratios {@code cost / optimum} of the problems of a run that had a positive optimum and a
 * path, for the searches whose cost may differ from the optimum (any-angle and suboptimal ones):
 * their count, their sum in problem order (so the mean's bits do not depend on how they are
 * stored), and the order statistics a report gives of them, the nearest-rank percentile as
 * {@link QueryTimes} defines it (the {@code ceil(p/100 * n)}-th smallest, never an interpolation)
 * and the largest.
 */
final class Ratios {
    /** No ratios: every statistic is absent. */
    static final Ratios NONE = new Ratios(new double[0], 0);

    private final double[] sorted;
    private final double sum;

    private Ratios(double[] sorted, double sum) {
        this.sorted = sorted;
        this.sum = sum;
    }

    /** The first {@code count} ratios of {@code inProblemOrder} (copied; the array is not changed). */
    static Ratios of(double[] inProblemOrder, int count) {
        double sum = 0;
        for (int i = 0; i < count; i++) {
            sum += inProblemOrder[i];
        }
        double[] copy = Arrays.copyOf(inProblemOrder, count);
        Arrays.sort(copy);
        return new Ratios(copy, sum);
    }

    /** Every ratio of every part together; the sum is the parts' sums added in order. */
    static Ratios merge(List<Ratios> parts) {
        int n = 0;
        double sum = 0;
        for (Ratios p : parts) {
            n += p.sorted.length;
            sum += p.sum;
        }
        double[] all = new double[n];
        int at = 0;
        for (Ratios p : parts) {
            System.arraycopy(p.sorted, 0, all, at, p.sorted.length);
            at += p.sorted.length;
        }
        Arrays.sort(all);
        return new Ratios(all, sum);
    }

    int count() {
        return sorted.length;
    }

    /** The sum of the ratios in problem order (map by map when merged). */
    double sum() {
        return sum;
    }

    /** The mean, NaN without ratios. */
    double mean() {
        return sorted.length == 0 ? Double.NaN : sum / sorted.length;
    }

    /** The nearest-rank {@code percent}-th percentile, NaN without ratios. */
    double percentile(int percent) {
        return sorted.length == 0 ? Double.NaN : sorted[QueryTimes.nearestRank(sorted.length, percent) - 1];
    }

    /** The largest ratio, NaN without ratios. */
    double max() {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }
}
