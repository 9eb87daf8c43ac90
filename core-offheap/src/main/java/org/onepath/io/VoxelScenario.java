package org.onepath.io;

import org.onepath.VoxelCell;

/**
 * One problem of a Moving AI {@code .3dscen} file.
 *
 * @param map           the map file named on the file's second line
 * @param startX        start x, &gt;= 0 (checked against a map only when the problem is run)
 * @param startY        start y, &gt;= 0
 * @param startZ        start z, &gt;= 0
 * @param goalX         goal x, &gt;= 0
 * @param goalY         goal y, &gt;= 0
 * @param goalZ         goal z, &gt;= 0
 * @param optimalLength the published optimal length (26 moves, no corner cutting)
 * @param ratio         the file's last field (the optimal length over the straight-line distance)
 */
public record VoxelScenario(
        String map,
        int startX,
        int startY,
        int startZ,
        int goalX,
        int goalY,
        int goalZ,
        double optimalLength,
        double ratio) {

    /**
     * The problem's start as a voxel.
     *
     * @return a new voxel cell of ({@link #startX()}, {@link #startY()}, {@link #startZ()})
     */
    public VoxelCell start() {
        return new VoxelCell(startX, startY, startZ);
    }

    /**
     * The problem's goal as a voxel.
     *
     * @return a new voxel cell of ({@link #goalX()}, {@link #goalY()}, {@link #goalZ()})
     */
    public VoxelCell goal() {
        return new VoxelCell(goalX, goalY, goalZ);
    }

    /**
     * The base name of the map field, to find the map beside the scenario file.
     *
     * @return the part after the last '/' or '\', or the whole field when it has neither
     */
    public String mapFileName() {
        int cut = Math.max(map.lastIndexOf('/'), map.lastIndexOf('\\'));
        return map.substring(cut + 1);
    }
}
