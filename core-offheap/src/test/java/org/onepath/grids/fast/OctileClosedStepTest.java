package org.onepath.grids.fast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.grids.SearchStatus;
import org.onepath.grids.jps.BlockMap;

/**
 * A specialised engine closed in the middle of a search refuses the next {@code step} with the
 * closed-object message every other engine gives, instead of reaching freed memory.
 */
class OctileClosedStepTest {
    @Test
    void aStarStepAfterCloseNamesTheEngine() {
        try (Grid grid = Grid.create(16, 16)) {
            OctileAStar engine = new OctileAStar(grid, false);
            engine.begin(0, 255);
            assertEquals(SearchStatus.RUNNING, engine.step(1));
            engine.close();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> engine.step(1));
            assertEquals("OctileAStar has been closed", e.getMessage());
        }
    }

    @Test
    void jumpStepAfterCloseNamesTheEngine() {
        try (Grid grid = Grid.create(16, 16);
                BlockMap map = new BlockMap(grid);
                OctileMap octile = new OctileMap(grid)) {
            OctileJump<BitFinder> engine = new OctileJump<>(grid, new BitFinder(map, octile), false);
            engine.begin(0, 255);
            assertEquals(SearchStatus.RUNNING, engine.step(0));
            engine.close();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> engine.step(1));
            assertEquals("OctileJump has been closed", e.getMessage());
        }
    }
}
