package org.onepath.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdleSlotTest {
    private static final class Engine implements AutoCloseable {
        boolean closed;

        @Override
        public void close() {
            closed = true;
        }
    }

    private final List<Engine> closed = new ArrayList<>();
    private final IdleSlot<Engine> slot = new IdleSlot<>(e -> {
        e.close();
        closed.add(e);
    });

    @Test
    void keepsOneEngineAndClosesTheSecond() {
        assertNull(slot.take());
        Engine first = new Engine();
        Engine second = new Engine();
        slot.give(first);
        slot.give(second);
        assertEquals(List.of(second), closed);
        assertSame(first, slot.take());
        assertNull(slot.take(), "a taken engine belongs to the caller until it is given back");
    }

    @Test
    void closeFreesTheIdleEngineAndEveryLaterOne() {
        Engine idle = new Engine();
        slot.give(idle);
        slot.close();
        assertEquals(List.of(idle), closed);
        Engine late = new Engine();
        slot.give(late);
        assertEquals(List.of(idle, late), closed);
        assertNull(slot.take());
    }
}
