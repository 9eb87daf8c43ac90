package org.onepath.tables;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.onepath.cells.Connectivity;
import org.onepath.cells.DiagonalRule;
import org.onepath.cells.GridTables;
import org.onepath.cells.SquareCells;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.fast.GoalBounds;
import org.onepath.grids.fast.GoalBoundsBake;
import org.onepath.grids.fast.GoalBoundsBaker;
import org.onepath.grids.fast.OctileMap;
import org.onepath.grids.hpa.HpaHierarchy;
import org.onepath.grids.jps.BlockMap;
import org.onepath.grids.jps.JpsPlusIndex;

/**
 * The tables a square grid derives from its cells for its one-line queries (tier 3): the block
 * map, the JPS+ table, the neighbour bytes of the specialised jump point searches and the HPA*
 * hierarchies. Each is made on first use, over the baked memory a store handed over when there is
 * some, and kept up to date by edits as a listener of the cells. Closing frees what was made.
 */
public final class SquareTables implements AutoCloseable {
    /** Most HPA* hierarchies kept at once. */
    public static final int MAX_HPA_HIERARCHIES = 8;

    private final SquareCells cells;
    private final GridTables baked;
    private BlockMap blockMap;
    private JpsPlusIndex jpsPlusIndex;
    private OctileMap octileMap;
    /** The goal bounds of bounded JPS+ queries: laid over the baked table, or baked on request; else null. */
    private GoalBounds goalBounds;
    /** The HPA* hierarchies of tier-1 queries, oldest first; see {@link #hpaHierarchy}. */
    private final ArrayList<HpaHierarchy> hpaHierarchies = new ArrayList<>();

    /** The tables of {@code cells}, over {@code baked}'s segments where they are given. */
    public SquareTables(SquareCells cells, GridTables baked) {
        this.cells = cells;
        this.baked = baked;
    }

    /** The block map the tier-1 jump point search scans, made on first use and kept up to date by edits. */
    public synchronized BlockMap blockMap() {
        if (blockMap == null) {
            blockMap = baked.blockMap() != null ? BlockMap.over(cells, baked.blockMap()) : new BlockMap(cells);
        }
        return blockMap;
    }

    /** The neighbour bytes of the tier-1 jump point searches, made on first use and kept up to date by edits. */
    public synchronized OctileMap octileMap() {
        if (octileMap == null) {
            octileMap = baked.octileNeighbours() != null
                    ? OctileMap.over(cells, baked.octileNeighbours())
                    : new OctileMap(cells);
        }
        return octileMap;
    }

    /** The JPS+ tables of the tier-1 search, made on first use; callers refresh them before a query. */
    public synchronized JpsPlusIndex jpsPlusIndex() {
        if (jpsPlusIndex == null) {
            jpsPlusIndex =
                    baked.jpsPlus() != null ? JpsPlusIndex.over(cells, baked.jpsPlus()) : new JpsPlusIndex(cells);
        }
        return jpsPlusIndex;
    }

    /**
     * Makes now, not on first use, the tables a store handed over, so they hear every edit from
     * the start; over given memory they compute nothing.
     */
    public void attachBaked() {
        if (baked.blockMap() != null) {
            blockMap();
        }
        if (baked.jpsPlus() != null) {
            jpsPlusIndex();
        }
        if (baked.octileNeighbours() != null) {
            octileMap();
        }
        if (baked.goalBounds() != null) {
            // Laid over now, while the cells are the ones the store baked them from: an edit from
            // here on makes them stale.
            goalBounds = GoalBounds.over(cells, baked.goalBounds());
        }
    }

    /**
     * The goal bounds bounded JPS+ queries use, or null when none were baked or handed over. They
     * may be stale ({@link GoalBounds#isCurrent()}): an edit since the bake makes the queries run
     * JPS+.
     */
    public synchronized GoalBounds goalBounds() {
        return goalBounds;
    }

    /**
     * Bakes the goal bounds of the cells as they are now and keeps them in place of any earlier
     * ones ({@link GoalBoundsBake#bake}).
     *
     * @throws java.util.concurrent.CancellationException if the monitor cancels; the earlier bounds stay
     */
    public GoalBounds bakeGoalBounds(int threads, BakeMonitor monitor) {
        JpsPlusIndex index = jpsPlusIndex();
        GoalBounds made = GoalBoundsBake.bake(index, octileMap(), threads, monitor);
        synchronized (this) {
            if (goalBounds != null) {
                goalBounds.close();
            }
            goalBounds = made;
        }
        return made;
    }

    /**
     * Lists the jump points of the cells as they are now into a new bake whose boxes are filled by
     * pieces ({@link GoalBoundsBake#list}); the caller owns it.
     */
    public GoalBoundsBake listGoalBounds() {
        return GoalBoundsBake.list(jpsPlusIndex(), octileMap());
    }

    /** A baker of the jump points {@code bake} lists (one per thread); the caller owns it. */
    public GoalBoundsBaker goalBoundsBaker(GoalBoundsBake bake) {
        return bake.baker(octileMap());
    }

    /**
     * Packs a bake whose boxes are all filled and keeps the table in place of any earlier one,
     * as {@link #bakeGoalBounds} does.
     *
     * @throws IllegalStateException if the cells changed since the bake listed its jump points
     */
    public GoalBounds installGoalBounds(GoalBoundsBake bake) {
        GoalBounds made = bake.pack(octileMap());
        synchronized (this) {
            if (goalBounds != null) {
                goalBounds.close();
            }
            goalBounds = made;
        }
        return made;
    }

    /**
     * The tables brought up to date (each built on first use) as read-only views, in the layouts a
     * baked store holds: clearance, the block map, when both sides are at most
     * {@link JpsPlusIndex#MAX_SIDE} the JPS+ table (else null), the neighbour bytes, and the goal
     * bounds when there are some and they describe the cells as they are (else null).
     */
    public GridTables current() {
        MemorySegment jps = null;
        if (cells.width() <= JpsPlusIndex.MAX_SIDE && cells.height() <= JpsPlusIndex.MAX_SIDE) {
            JpsPlusIndex index = jpsPlusIndex();
            index.refresh();
            jps = index.table();
        }
        GoalBounds bounds = goalBounds();
        return new GridTables(
                cells.clearance(),
                blockMap().block(),
                jps,
                octileMap().neighbourBytes(),
                jps != null && bounds != null && bounds.isCurrent() ? bounds.segment() : null);
    }

    /**
     * The HPA* hierarchy tier-1 queries use for these options, built on first need. At most
     * {@value #MAX_HPA_HIERARCHIES} are kept, one per (chunk size, agent size, moves, rule); making
     * a ninth closes the oldest. {@link #dropHpaHierarchies()} drops them all (they are rebuilt on
     * next use).
     */
    public synchronized HpaHierarchy hpaHierarchy(
            int chunkSize, int agentSize, Connectivity connectivity, DiagonalRule rule) {
        for (HpaHierarchy h : hpaHierarchies) {
            if (h.chunkSize() == chunkSize
                    && h.agentSize() == agentSize
                    && h.connectivity() == connectivity
                    && h.diagonalRule() == rule) {
                return h;
            }
        }
        HpaHierarchy made = new HpaHierarchy(cells, chunkSize, agentSize, connectivity, rule);
        if (hpaHierarchies.size() == MAX_HPA_HIERARCHIES) {
            hpaHierarchies.removeFirst().close();
        }
        hpaHierarchies.add(made);
        return made;
    }

    /** The hierarchies kept for tier-1 HPA* queries, oldest first (a copy). */
    public synchronized List<HpaHierarchy> hpaHierarchies() {
        return List.copyOf(hpaHierarchies);
    }

    /**
     * Throws unless the cells have the JPS+ table goal bounds are baked over.
     *
     * @throws IllegalArgumentException if a side exceeds {@link JpsPlusIndex#MAX_SIDE}
     */
    public void checkGoalBoundsSides() {
        if (cells.width() > JpsPlusIndex.MAX_SIDE || cells.height() > JpsPlusIndex.MAX_SIDE) {
            throw new IllegalArgumentException("goal bounds need the JPS+ table, which serves sides up to "
                    + JpsPlusIndex.MAX_SIDE + "; the grid is " + cells.width() + " x " + cells.height());
        }
    }

    /** Closes and forgets every HPA* hierarchy (after a restore, whose versions may repeat). */
    public synchronized void dropHpaHierarchies() {
        for (HpaHierarchy h : hpaHierarchies) {
            h.close();
        }
        hpaHierarchies.clear();
    }

    /** Frees every table made. */
    @Override
    public void close() {
        synchronized (this) {
            if (blockMap != null) {
                blockMap.close();
            }
            if (jpsPlusIndex != null) {
                jpsPlusIndex.close();
            }
            if (octileMap != null) {
                octileMap.close();
            }
            if (goalBounds != null) {
                goalBounds.close();
            }
        }
        dropHpaHierarchies();
    }
}
