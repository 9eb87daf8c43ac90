package org.onepath.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.System.Logger.Level;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.ResourceBundle;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.onepath.Grid;
import org.onepath.cells.SquareCells;

/**
 * The Cleaner under {@code close()}: a dropped owner's arena is closed once the owner is
 * collected (its segment no longer alive, counted as freed, one warning naming the type), and a
 * closed owner's Cleaner action runs but frees nothing. Each case uses an owner type of its own,
 * so leaks elsewhere in the same JVM cannot move its counters.
 */
final class LeakGuardTest {
    private static final class LeakedOwner {}

    /**
     * What LeakGuard logged about this class's owners and grids while a test of it ran: these
     * leaks are made on purpose, so they are recorded here, not printed.
     */
    private final List<String> log = new ArrayList<>();

    private System.Logger previous;

    @BeforeEach
    void recordTheLog() {
        previous = LeakGuard.log;
        LeakGuard.log = new System.Logger() {
            @Override
            public String getName() {
                return previous.getName();
            }

            @Override
            public boolean isLoggable(Level level) {
                return true;
            }

            @Override
            public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
                record(level, msg);
            }

            @Override
            public void log(Level level, ResourceBundle bundle, String format, Object... params) {
                record(level, format);
            }

            private void record(Level level, String msg) {
                if (!msg.contains(LeakGuardTest.class.getName()) && !msg.contains(Grid.class.getName() + " ")) {
                    previous.log(level, msg); // not one of this class's leaks
                    return;
                }
                synchronized (log) {
                    log.add(level + " " + msg);
                }
            }
        };
    }

    @AfterEach
    void restoreTheLog() {
        LeakGuard.log = previous;
    }

    /** The recorded lines naming an owner type. */
    private List<String> logged(Class<?> type) {
        synchronized (log) {
            return log.stream().filter(line -> line.contains(type.getName())).toList();
        }
    }

    private static final class ClosedOwner {}

    private static final class LoggedOwner {}

    @Test
    void aDroppedOwnersArenaIsClosedOnceItIsCollected() throws InterruptedException {
        MemorySegment segment = leakOne();
        // The action counts its run after the close (and the warning), so both are awaited.
        awaitGc(
                () -> !segment.scope().isAlive() && LeakGuard.actionsRun(LeakedOwner.class) == 1,
                "the leaked owner's arena to be closed and its action to end");
        assertEquals(1, LeakGuard.freedCount(LeakedOwner.class));
        assertEquals(1, LeakGuard.actionsRun(LeakedOwner.class));
    }

    /** Allocates 1 MiB owned by an object that is dropped on return; hands back only the segment. */
    private static MemorySegment leakOne() {
        LeakedOwner owner = new LeakedOwner();
        Arena arena = LeakGuard.sharedArena(owner);
        return arena.allocate(1 << 20);
    }

    @Test
    void aClosedOwnersCleanerDoesNothing() throws InterruptedException {
        WeakReference<ClosedOwner> ref = closeOne();
        awaitGc(() -> ref.get() == null && LeakGuard.actionsRun(ClosedOwner.class) == 1, "the closed owner's action");
        assertEquals(0, LeakGuard.freedCount(ClosedOwner.class), "a closed owner's action freed something");
    }

    private static WeakReference<ClosedOwner> closeOne() {
        ClosedOwner owner = new ClosedOwner();
        Arena arena = LeakGuard.sharedArena(owner);
        arena.allocate(1 << 20);
        arena.close();
        return new WeakReference<>(owner);
    }

    @Test
    void theFirstLeakOfATypeIsLoggedOnceAtWarningNamingTheType() throws InterruptedException {
        MemorySegment a = leakLogged();
        MemorySegment b = leakLogged();
        awaitGc(
                () -> !a.scope().isAlive() && !b.scope().isAlive() && LeakGuard.actionsRun(LoggedOwner.class) == 2,
                "both leaked arenas to be closed");
        List<String> warnings = logged(LoggedOwner.class);
        assertEquals(1, warnings.size(), "one warning for two leaks of one type: " + warnings);
        assertTrue(warnings.getFirst().startsWith("WARNING "), warnings.getFirst());
    }

    private static MemorySegment leakLogged() {
        return LeakGuard.sharedArena(new LoggedOwner()).allocate(64);
    }

    @Test
    void aGridThatIsNeverClosedFreesItsCells() throws InterruptedException {
        long before = LeakGuard.freedCount(Grid.class);
        MemorySegment cells = gridCells();
        awaitGc(() -> !cells.scope().isAlive(), "the dropped grid's cells to be freed");
        assertTrue(LeakGuard.freedCount(Grid.class) > before);
    }

    private static MemorySegment gridCells() {
        return Grid.create(256, 256).cells();
    }

    /** Square cells of a type of their own, so that only this test's stores move its counters. */
    private static final class RefusedCells extends SquareCells {
        RefusedCells(MemorySegment cells) {
            super(3, 3, cells, null);
        }
    }

    /**
     * Cells over a segment too small for them are refused before an arena is made: the refused
     * store's Cleaner action never runs, while a dropped store of the same type (made to see a
     * collection run) has its action run. Without the size check ahead of
     * {@code LeakGuard.sharedArena} in {@code CellStore}'s constructor both actions run, and a
     * grid the caller could never close is reported as not closed.
     */
    @Test
    void cellsRefusedForASmallSegmentMakeNoArena() throws InterruptedException {
        WeakReference<RefusedCells> dropped = dropCells();
        assertThrows(IllegalArgumentException.class, () -> new RefusedCells(MemorySegment.ofArray(new byte[8])));
        awaitGc(
                () -> dropped.get() == null && LeakGuard.actionsRun(RefusedCells.class) >= 1,
                "the dropped store's action");
        System.gc();
        Thread.sleep(100);
        assertEquals(1, LeakGuard.actionsRun(RefusedCells.class), "the refused store registered an arena");
    }

    private static WeakReference<RefusedCells> dropCells() {
        return new WeakReference<>(new RefusedCells(MemorySegment.ofArray(new byte[9])));
    }

    @Test
    void aClosedGridStaysClosedAndItsCellsAreFreedAtOnce() {
        Grid grid = Grid.create(64, 64);
        MemorySegment cells = grid.cells();
        grid.close();
        assertFalse(cells.scope().isAlive(), "close() frees at once, without the Cleaner");
    }

    /** Runs the collector until {@code done} holds, for at most 10 s. */
    private static void awaitGc(BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after 10 s waiting for " + what);
            }
            System.gc();
            Thread.sleep(20);
        }
    }
}
