package org.onepath.query;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.onepath.cells.AreaCosts;
import org.onepath.cells.Cancellation;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.BakeMonitor;
import org.onepath.grids.voxel.ChunkTable;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;

/**
 * The chunk hierarchies a voxel grid keeps for its HPA queries, one per (connectivity, corner
 * rule, face samples), at most {@value #MAX_HIERARCHIES}: each built on the first query that needs
 * it, or installed over tables built before (a store's), and kept up to date by its own edit
 * listener on the chunk table. Closing the grid closes them.
 *
 * <p>A hierarchy follows the area costs by their version. A restore may put back a version with
 * other multipliers (versions repeat after a rollback), so each kept hierarchy remembers the
 * version and the multipliers it was last brought up to date with, and {@link #restored()} closes
 * those whose remembered costs are not the restored ones; the others keep their tables, and the
 * chunks the restore replaced are rebuilt by their listener on the next query.
 *
 * <p>Thread-safe: queries on several threads take and refresh the hierarchies under this
 * object's lock, so an edit's rebuild runs once, before any search reads the tables.
 */
public final class VoxelHierarchies implements AutoCloseable {
    /** Most hierarchies kept at once. */
    public static final int MAX_HIERARCHIES = 8;

    /** A kept hierarchy and the area costs its tables were last brought up to date with. */
    private static final class Kept {
        final VoxelHierarchy hierarchy;
        final double[] multipliers = new double[AreaCosts.AREA_COUNT];
        int areasVersion;

        Kept(VoxelHierarchy hierarchy, AreaCosts areas) {
            this.hierarchy = hierarchy;
            remember(areas);
        }

        /** Copies the costs after a refresh, when their version moved since the last copy. */
        void noteRefreshed(AreaCosts areas) {
            if (areas.version() != areasVersion) {
                remember(areas);
            }
        }

        void remember(AreaCosts areas) {
            areasVersion = areas.version();
            for (int a = 0; a < multipliers.length; a++) {
                multipliers[a] = areas.multiplierOf(a);
            }
        }

        /** Whether the tables were made with exactly these costs under this version. */
        boolean madeWith(AreaCosts areas) {
            if (areas.version() != areasVersion) {
                return false;
            }
            for (int a = 0; a < multipliers.length; a++) {
                if (Double.doubleToRawLongBits(multipliers[a]) != Double.doubleToRawLongBits(areas.multiplierOf(a))) {
                    return false;
                }
            }
            return true;
        }

        boolean serves(VoxelConnectivity connectivity, VoxelCornerRule cornerRule, int faceSamples) {
            return hierarchy.connectivity() == connectivity
                    && hierarchy.cornerRule() == cornerRule
                    && hierarchy.faceSamples() == faceSamples;
        }
    }

    private final ChunkTable chunks;
    private final AreaCosts areas;
    /** Oldest first. */
    private final ArrayList<Kept> kept = new ArrayList<>();

    /**
     * The hierarchies of a grid's voxels; none is built until a query asks.
     *
     * @param chunks the grid's voxels, read live
     * @param areas the grid's area multipliers, read live
     */
    public VoxelHierarchies(ChunkTable chunks, AreaCosts areas) {
        this.chunks = chunks;
        this.areas = areas;
    }

    /**
     * The hierarchy for these rules, brought up to date with the voxels and area costs: kept, or
     * built now (the first query's cost), making room by closing the oldest when
     * {@value #MAX_HIERARCHIES} are kept. The caller must not close it.
     *
     * @param connectivity the moves, not ALLOW_ALL with 18 or 26 (the caller checked)
     * @param cornerRule the corner rule
     * @param faceSamples the hierarchy's face samples, 1..16
     * @param cancellation checked before and while a new hierarchy is built, or null
     * @return the hierarchy, owned by this object
     * @throws java.util.concurrent.CancellationException if the token is cancelled before or during
     *     a build; nothing is kept
     */
    public synchronized VoxelHierarchy current(
            VoxelConnectivity connectivity, VoxelCornerRule cornerRule, int faceSamples, Cancellation cancellation) {
        for (Kept k : kept) {
            if (k.serves(connectivity, cornerRule, faceSamples)) {
                k.hierarchy.refresh();
                k.noteRefreshed(areas);
                return k.hierarchy;
            }
        }
        if (cancellation != null) {
            cancellation.throwIfCancelled();
        }
        VoxelHierarchy made =
                new VoxelHierarchy(chunks, areas, connectivity, cornerRule, faceSamples, monitorOf(cancellation));
        keep(new Kept(made, areas));
        return made;
    }

    /**
     * Takes over a hierarchy of this grid's voxels and area costs made by the caller (a store's
     * tables read in place), in place of a kept one of the same rules, which is closed. It is
     * brought up to date first, so edits it heard since it was made are in its tables.
     *
     * @param hierarchy a hierarchy over this grid's chunk table and area costs; owned from now on
     * @throws IllegalArgumentException if it reads another chunk table or other area costs
     */
    public synchronized void install(VoxelHierarchy hierarchy) {
        Objects.requireNonNull(hierarchy, "hierarchy");
        if (hierarchy.chunks() != chunks) {
            throw new IllegalArgumentException("the hierarchy was made over another chunk table than the grid's");
        }
        if (hierarchy.areas() != areas) {
            throw new IllegalArgumentException(
                    "the hierarchy was made with other area costs than the grid's (pass the grid's areas())");
        }
        for (int i = 0; i < kept.size(); i++) {
            Kept k = kept.get(i);
            if (k.hierarchy == hierarchy) {
                return;
            }
            if (k.serves(hierarchy.connectivity(), hierarchy.cornerRule(), hierarchy.faceSamples())) {
                kept.remove(i).hierarchy.close();
                break;
            }
        }
        hierarchy.refresh();
        keep(new Kept(hierarchy, areas));
    }

    private void keep(Kept k) {
        if (kept.size() == MAX_HIERARCHIES) {
            kept.removeFirst().hierarchy.close();
        }
        kept.add(k);
    }

    /**
     * After a restore put back voxels and area costs: closes every hierarchy whose tables were
     * made with other area costs (or under another version of them, which its own check of the
     * version would later misread), so the next query builds it again; the others stay, their
     * listeners having marked the chunks the restore replaced.
     */
    public synchronized void restored() {
        for (int i = kept.size() - 1; i >= 0; i--) {
            if (!kept.get(i).madeWith(areas)) {
                kept.remove(i).hierarchy.close();
            }
        }
    }

    /**
     * {@return the hierarchies kept, oldest first (a copy)}
     */
    public synchronized List<VoxelHierarchy> hierarchies() {
        List<VoxelHierarchy> out = new ArrayList<>(kept.size());
        for (Kept k : kept) {
            out.add(k.hierarchy);
        }
        return out;
    }

    /** Closes every hierarchy kept. */
    @Override
    public synchronized void close() {
        for (Kept k : kept) {
            k.hierarchy.close();
        }
        kept.clear();
    }

    /** A build monitor that stops when the query's token is cancelled. */
    private static BakeMonitor monitorOf(Cancellation cancellation) {
        if (cancellation == null) {
            return BakeMonitor.NONE;
        }
        return new BakeMonitor() {
            @Override
            public void progress(long done, long total) {}

            @Override
            public boolean isCancelled() {
                return cancellation.isCancelled();
            }
        };
    }
}
