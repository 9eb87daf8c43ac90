package org.onepath.store;

import java.util.Objects;
import org.onepath.cells.VoxelConnectivity;
import org.onepath.cells.VoxelCornerRule;
import org.onepath.grids.voxel.hierarchy.VoxelHierarchy;

/**
 * What the voxel hierarchy section of a world store is built for: the moves, the corner rule and
 * the face samples of the chunk hierarchy ({@code docs/voxel-hierarchy.md}). A store holds at most
 * one hierarchy; HPA queries with these three values read it, others build their own.
 *
 * @param connectivity 6, 18 or 26 moves
 * @param cornerRule when an edge or corner move may pass solid voxels; not
 *     {@link VoxelCornerRule#ALLOW_ALL} with 18 or 26 moves, which the hierarchy does not support
 * @param faceSamples sample rows and columns per chunk face, 1..16
 */
public record HierarchyOptions(VoxelConnectivity connectivity, VoxelCornerRule cornerRule, int faceSamples) {
    /**
     * 26 moves, no corner cutting, {@value VoxelHierarchy#DEFAULT_FACE_SAMPLES} face samples: the
     * Moving AI voxel convention and the HPA query's default options.
     */
    public static final HierarchyOptions DEFAULT = new HierarchyOptions(
            VoxelConnectivity.TWENTY_SIX, VoxelCornerRule.NO_CORNER_CUTTING, VoxelHierarchy.DEFAULT_FACE_SAMPLES);

    /**
     * Checks the values as the hierarchy does.
     *
     * @throws IllegalArgumentException for face samples outside 1..16, or 18 or 26 moves with
     *     {@link VoxelCornerRule#ALLOW_ALL}
     */
    public HierarchyOptions {
        Objects.requireNonNull(connectivity, "connectivity");
        Objects.requireNonNull(cornerRule, "cornerRule");
        if (faceSamples < 1 || faceSamples > 16) {
            throw new IllegalArgumentException("face samples " + faceSamples + " is outside 1..16");
        }
        if (cornerRule == VoxelCornerRule.ALLOW_ALL && connectivity != VoxelConnectivity.SIX) {
            throw new IllegalArgumentException("the voxel hierarchy does not support " + connectivity.moves()
                    + " moves with ALLOW_ALL: a diagonal move may cross between chunks with no face step beside it");
        }
    }

    /**
     * The options of a hierarchy.
     *
     * @param hierarchy an open hierarchy
     * @return its connectivity, corner rule and face samples
     */
    public static HierarchyOptions of(VoxelHierarchy hierarchy) {
        return new HierarchyOptions(hierarchy.connectivity(), hierarchy.cornerRule(), hierarchy.faceSamples());
    }

    /**
     * The options as the store's messages and {@code onepath store inspect} show them.
     *
     * @return e.g. {@code 26 moves, NO_CORNER_CUTTING, 3 face samples}
     */
    @Override
    public String toString() {
        return connectivity.moves() + " moves, " + cornerRule + ", " + faceSamples + " face samples";
    }
}
