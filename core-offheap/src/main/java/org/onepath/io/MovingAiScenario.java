package org.onepath.io;

import org.onepath.cells.Cell;

/**
 * One problem of a Moving AI {@code .scen} file.
 *
 * @param bucket        the bucket number
 * @param map           the map field as written (a bare name or a relative path)
 * @param mapWidth      the map width the problem was made for
 * @param mapHeight     the map height
 * @param startX        start column
 * @param startY        start row
 * @param goalX         goal column
 * @param goalY         goal row
 * @param optimalLength the published optimal octile length without corner cutting
 */
public record MovingAiScenario(
        int bucket,
        String map,
        int mapWidth,
        int mapHeight,
        int startX,
        int startY,
        int goalX,
        int goalY,
        double optimalLength) {

    /**
     * The problem's start as a cell.
     *
     * @return a new cell of ({@link #startX()}, {@link #startY()})
     */
    public Cell start() {
        return new Cell(startX, startY);
    }

    /**
     * The problem's goal as a cell.
     *
     * @return a new cell of ({@link #goalX()}, {@link #goalY()})
     */
    public Cell goal() {
        return new Cell(goalX, goalY);
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
