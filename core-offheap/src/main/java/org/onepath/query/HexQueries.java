package org.onepath.query;

import org.onepath.cells.Cancellation;
import org.onepath.cells.HexCells;
import org.onepath.cells.PathStatus;
import org.onepath.memory.IdleSlot;

/**
 * The one-line queries of a hex grid: one idle {@link HexAStarQuery} kept for the next query. A
 * query refuses an end no agent may stand on (outside the grid or a wall) before it takes the
 * engine, takes the idle engine (or makes one when another thread holds it), runs it and puts it
 * back.
 */
public final class HexQueries implements AutoCloseable {
    private final HexCells cells;
    private final IdleSlot<HexAStarQuery> idle = new IdleSlot<>(HexAStarQuery::close);

    /**
     * The queries over a hex grid's cells.
     *
     * @param cells the grid's cells, read live
     */
    public HexQueries(HexCells cells) {
        this.cells = cells;
    }

    /**
     * Runs one query between two offset cells (column, row).
     *
     * @param zeroEstimate the zero estimate instead of the hex distance
     * @param budget iterations in all, 0 for no limit
     * @param slice iterations between cancellation checks
     * @param allowPartial on a miss, the path to the closest reached cell as PARTIAL
     * @param cancellation may be null
     * @return the run's result, START_INVALID or GOAL_INVALID for a refused end
     */
    public SearchResult run(
            int startCol,
            int startRow,
            int goalCol,
            int goalRow,
            boolean zeroEstimate,
            double weight,
            int budget,
            int slice,
            boolean recordExpansions,
            boolean allowPartial,
            Cancellation cancellation) {
        SearchResult refused = refusedEnds(startCol, startRow, goalCol, goalRow);
        if (refused != null) {
            return refused;
        }
        HexAStarQuery query = take();
        try {
            int w = cells.width();
            return query.run(
                    startRow * w + startCol,
                    goalRow * w + goalCol,
                    zeroEstimate,
                    weight,
                    budget,
                    slice,
                    recordExpansions,
                    allowPartial,
                    cancellation);
        } finally {
            idle.give(query);
        }
    }

    /**
     * Begins a cooperative query ({@link AsyncQuery}) between two offset cells; the engine goes back
     * to the idle slot when the query ends (or at once when the begin throws).
     *
     * @param zeroEstimate the zero estimate instead of the hex distance
     * @param allowPartial on a miss, the path to the closest reached cell as PARTIAL
     * @return the begun query, or one refused with START_INVALID or GOAL_INVALID (no engine taken)
     */
    public AsyncQuery.Begun<SearchResult> beginAsync(
            int startCol,
            int startRow,
            int goalCol,
            int goalRow,
            boolean zeroEstimate,
            double weight,
            boolean allowPartial) {
        SearchResult refused = refusedEnds(startCol, startRow, goalCol, goalRow);
        if (refused != null) {
            return AsyncQuery.refusedAtBegin(refused);
        }
        HexAStarQuery query = take();
        int w = cells.width();
        try {
            query.begin(startRow * w + startCol, goalRow * w + goalCol, zeroEstimate, weight, false);
        } catch (RuntimeException e) {
            idle.give(query);
            throw e;
        }
        return new AsyncQuery.Begun<>() {
            @Override
            public PathStatus step(int n) {
                return query.step(n);
            }

            @Override
            public SearchResult result(PathStatus status) {
                return status != PathStatus.FOUND && allowPartial
                        ? query.partialResult(false)
                        : query.result(status, false);
            }

            @Override
            public void release(boolean resultRead) {
                idle.give(query);
            }
        };
    }

    private HexAStarQuery take() {
        HexAStarQuery query = idle.take();
        return query != null ? query : new HexAStarQuery(cells);
    }

    private SearchResult refusedEnds(int startCol, int startRow, int goalCol, int goalRow) {
        if (!canStand(startCol, startRow)) {
            return refused(PathStatus.START_INVALID);
        }
        if (!canStand(goalCol, goalRow)) {
            return refused(PathStatus.GOAL_INVALID);
        }
        return null;
    }

    private boolean canStand(int col, int row) {
        return cells.contains(col, row) && cells.areaAt(row * cells.width() + col) != HexCells.WALL;
    }

    /** A refused end: nothing ran. */
    private static SearchResult refused(PathStatus status) {
        return new SearchResult(status, null, null, Double.POSITIVE_INFINITY, 0, 0, null);
    }

    /** Frees the idle engine. */
    @Override
    public void close() {
        idle.close();
    }
}
