package org.onepath.io;

import org.onepath.VoxelCell;

/**
 * One problem of a Moving AI {@code .3dscen} file.
 *
 * @param map           the map file named on the file's second line
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

    public VoxelCell start() {
        return new VoxelCell(startX, startY, startZ);
    }

    public VoxelCell goal() {
        return new VoxelCell(goalX, goalY, goalZ);
    }

    /** The base name of the map field (the part after the last '/' or '\'). */
    public String mapFileName() {
        int cut = Math.max(map.lastIndexOf('/'), map.lastIndexOf('\\'));
        return map.substring(cut + 1);
    }
}
