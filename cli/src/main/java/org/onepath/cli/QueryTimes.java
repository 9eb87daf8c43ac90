package org.onepath.cli;

import java.util.Arrays;
import java.util.List;

/**
 * The times of single queries, in nanoseconds, sorted, and the order statistics a report gives
 * of them: the fastest, the median, the 99th percentile and the slowest query.
 *
 * <p>Percentiles are nearest-rank: the p-th percentile of n times is the
 * {@code ceil(p/100 * n)}-th smallest (counting from 1), computed in integers so that no
 * rounding of {@code p/100 * n} moves the rank. The median is the 50th percentile, the
 * {@code ceil(n/2)}-th smallest (the lower middle one for even n); the 100th is the slowest.
 * Every reported value is one of the measured times, never an interpolation between two.
 */
final class QueryTimes {
    /** No queries: every statistic is absent. */
    static final QueryTimes NONE = new QueryTimes(new long[0]);

    private final long[] sorted;

    private QueryTimes(long[] sorted) {
        this.sorted = sorted;
    }

    /** The first {@code count} times of {@code nanos} (copied; the array is not changed). */
    static QueryTimes of(long[] nanos, int count) {
        long[] copy = Arrays.copyOf(nanos, count);
        Arrays.sort(copy);
        return new QueryTimes(copy);
    }

    /** Every time of every part together, as one set. */
    static QueryTimes merge(List<QueryTimes> parts) {
        int n = 0;
        for (QueryTimes p : parts) {
            n += p.sorted.length;
        }
        long[] all = new long[n];
        int at = 0;
        for (QueryTimes p : parts) {
            System.arraycopy(p.sorted, 0, all, at, p.sorted.length);
            at += p.sorted.length;
        }
        Arrays.sort(all);
        return new QueryTimes(all);
    }

    /**
     * The rank (from 1) of the nearest-rank {@code percent}-th percentile among {@code n} values:
     * {@code ceil(percent * n / 100)}, at least 1.
     *
     * @throws IllegalArgumentException unless {@code n >= 1} and {@code 0 < percent <= 100}
     */
    static int nearestRank(int n, int percent) {
        if (n < 1 || percent <= 0 || percent > 100) {
            throw new IllegalArgumentException("nearest rank of the " + percent + "th percentile of " + n
                    + " values; expected n >= 1 and 0 < percent <= 100");
        }
        return (int) Math.ceilDiv((long) percent * n, 100L);
    }

    int count() {
        return sorted.length;
    }

    /** The k-th smallest time, {@code 1 <= k <= count()}. */
    long nanosAtRank(int k) {
        return sorted[k - 1];
    }

    /** The nearest-rank {@code percent}-th percentile in seconds, NaN without queries. */
    double percentileSeconds(int percent) {
        return sorted.length == 0 ? Double.NaN : seconds(nanosAtRank(nearestRank(sorted.length, percent)));
    }

    double medianSeconds() {
        return percentileSeconds(50);
    }

    double p99Seconds() {
        return percentileSeconds(99);
    }

    /** The slowest query in seconds, NaN without queries. */
    double maxSeconds() {
        return sorted.length == 0 ? Double.NaN : seconds(sorted[sorted.length - 1]);
    }

    /** The fastest query in seconds, NaN without queries. */
    double minSeconds() {
        return sorted.length == 0 ? Double.NaN : seconds(sorted[0]);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /**
     * The per-query times of the fastest of several timed passes over the same problems. A pass
     * writes one time per query into {@link #pass()}, a preallocated array, so recording costs the
     * timed loop a store and allocates nothing; {@link #endPass()} keeps that pass if its total is
     * the smallest so far by swapping the two arrays, and copies nothing.
     *
     * <p>The best pass, not each problem's minimum over the passes: the mean a report prints is
     * the best pass's total over its queries, so the median, percentile and slowest query then
     * describe the very times that mean averages (the mean always lies between the fastest and the
     * slowest of them). Minima taken problem by problem would mix passes, sum to less than any
     * pass that ran, and hide a slow query that every pass met once but on different problems.
     */
    static final class BestPass {
        private long[] current;
        private long[] best;
        private long bestTotal = Long.MAX_VALUE;

        BestPass(int queries) {
            current = new long[queries];
            best = new long[queries];
        }

        /** The array the next pass writes its times into, one per query in problem order. */
        long[] pass() {
            return current;
        }

        /** Ends a pass whose times are in {@link #pass()}; keeps it when it was the fastest so far. */
        void endPass() {
            long total = 0;
            for (long t : current) {
                total += t;
            }
            if (total < bestTotal) {
                bestTotal = total;
                long[] kept = best;
                best = current;
                current = kept;
            }
        }

        /** Seconds of the fastest pass, the sum of its query times; +infinity before any pass. */
        double bestSeconds() {
            return bestTotal == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : bestTotal / 1e9;
        }

        /** The fastest pass's times. */
        QueryTimes bestTimes() {
            return bestTotal == Long.MAX_VALUE ? NONE : QueryTimes.of(best, best.length);
        }
    }
}
