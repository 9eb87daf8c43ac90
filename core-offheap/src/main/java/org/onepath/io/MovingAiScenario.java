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
 * @param lengthDecimals the decimal places the file printed the length with: the scale of the
 *     field as a decimal number, so {@code 354.39575065} has 8, {@code 12.5} 1, {@code 7} 0 and
 *     {@code 1.5e3} -2; it decides how closely a computed cost must match ({@link #matchTolerance})
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
        double optimalLength,
        int lengthDecimals) {

    /**
     * Checks the decimal places: a unit the length can be printed to, 10^308 down to 10^-1074.
     *
     * @param bucket         the bucket number
     * @param map            the map field as written
     * @param mapWidth       the map width the problem was made for
     * @param mapHeight      the map height
     * @param startX         start column
     * @param startY         start row
     * @param goalX          goal column
     * @param goalY          goal row
     * @param optimalLength  the published optimal length
     * @param lengthDecimals the decimal places the length was printed with, -308..1074
     * @throws IllegalArgumentException if {@code lengthDecimals} is outside -308..1074
     */
    public MovingAiScenario {
        if (lengthDecimals < MovingAiText.MIN_DECIMALS || lengthDecimals > MovingAiText.MAX_DECIMALS) {
            throw new IllegalArgumentException("lengthDecimals " + lengthDecimals + " is outside "
                    + MovingAiText.MIN_DECIMALS + ".." + MovingAiText.MAX_DECIMALS);
        }
    }

    /** The decimal places of the current published sets (dao, sc1, street, room); bg512's 2011 edition prints 2. */
    public static final int PUBLISHED_DECIMALS = 8;

    /**
     * The published lengths differ from exact octile sums by at most 1.7e-9 of the length (some
     * were summed with a diagonal cost of 1.41421356); the half-unit rule allows this much more.
     */
    static final double PUBLISHED_SUM_SLACK = 2e-9;

    /**
     * A problem whose length was printed with {@link #PUBLISHED_DECIMALS} decimal places.
     *
     * @param bucket        the bucket number
     * @param map           the map field as written
     * @param mapWidth      the map width the problem was made for
     * @param mapHeight     the map height
     * @param startX        start column
     * @param startY        start row
     * @param goalX         goal column
     * @param goalY         goal row
     * @param optimalLength the published optimal length
     */
    public MovingAiScenario(
            int bucket,
            String map,
            int mapWidth,
            int mapHeight,
            int startX,
            int startY,
            int goalX,
            int goalY,
            double optimalLength) {
        this(bucket, map, mapWidth, mapHeight, startX, startY, goalX, goalY, optimalLength, PUBLISHED_DECIMALS);
    }

    /**
     * How far a computed optimal cost may lie from {@link #optimalLength} and still match it, the
     * spec's rule: a relative 1e-6 where the file prints {@link #PUBLISHED_DECIMALS} or more
     * decimal places; where it prints fewer, half a unit of the last printed digit (0.005 for
     * bg512's two places), plus {@code 2e-9} of the length for the published sums' own error.
     *
     * @return the largest {@code |cost - optimalLength|} that matches, at least 0
     */
    public double matchTolerance() {
        if (lengthDecimals >= PUBLISHED_DECIMALS) {
            return 1e-6 * optimalLength;
        }
        return 0.5 * Math.pow(10, -lengthDecimals) + PUBLISHED_SUM_SLACK * optimalLength;
    }

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
