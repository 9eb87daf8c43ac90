package org.onepath.grids.jps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The eight directions, their order and their unit steps. */
class DirectionTest {

    @Test
    void constantsFollowTheNormativeOrder() {
        assertEquals(0, Direction.NORTH);
        assertEquals(1, Direction.EAST);
        assertEquals(2, Direction.SOUTH);
        assertEquals(3, Direction.WEST);
        assertEquals(4, Direction.NORTH_EAST);
        assertEquals(5, Direction.SOUTH_EAST);
        assertEquals(6, Direction.SOUTH_WEST);
        assertEquals(7, Direction.NORTH_WEST);
        assertEquals(-1, Direction.NONE);
    }

    @Test
    void stepsMatchTheSpecification() {
        int[][] expected = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}};
        for (int d = 0; d < 8; d++) {
            assertEquals(expected[d][0], Direction.dx(d), "dx of " + d);
            assertEquals(expected[d][1], Direction.dy(d), "dy of " + d);
            assertEquals(d, Direction.of(expected[d][0], expected[d][1]), "of " + d);
            assertEquals(d >= 4, Direction.isDiagonal(d), "isDiagonal " + d);
        }
        assertFalse(Direction.isDiagonal(Direction.WEST));
        assertTrue(Direction.isDiagonal(Direction.NORTH_WEST));
    }

    @Test
    void noDirectionForAZeroOrLongStep() {
        assertThrows(IllegalArgumentException.class, () -> Direction.of(0, 0));
        assertThrows(IllegalArgumentException.class, () -> Direction.of(2, 0));
        assertThrows(IllegalArgumentException.class, () -> Direction.of(1, -2));
    }
}
