package org.onepath.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.onepath.Grid;
import org.onepath.GridAlgorithm;
import org.onepath.GridOptions;
import org.onepath.GridPath;
import org.onepath.PathService;
import org.onepath.cells.Cell;
import org.onepath.cells.PathStatus;

/**
 * {@link PathService} over an opened store's grid: answers equal the store's own queries, edits
 * through the service reach a PRIVATE store's grid, and the store is closed only when handed in
 * as the owner.
 */
class PathServiceStoreTest {
    @TempDir
    Path dir;

    @Test
    void aServiceOverAStoreAnswersAsTheStoreAndClosesItOnlyWhenTold() throws Exception {
        Path file = dir.resolve("service.opstore");
        SplittableRandom r = new SplittableRandom(5);
        try (Grid grid = Grid.create(40, 30)) {
            for (int i = 0; i < 40 * 30; i++) {
                if (r.nextInt(100) < 20) {
                    grid.setArea(i % 40, i / 40, Grid.WALL);
                }
            }
            grid.setArea(0, 0, 0);
            grid.setArea(39, 29, 0);
            GridStore.bake(grid, "service.map", file);
        }
        List<PathService.Query> batch = new ArrayList<>();
        GridOptions jpsPlus =
                GridOptions.builder().algorithm(GridAlgorithm.JPS_PLUS).build();
        for (int i = 0; i < 40; i++) {
            batch.add(new PathService.Query(
                    new Cell(r.nextInt(40), r.nextInt(30)), new Cell(r.nextInt(40), r.nextInt(30)), jpsPlus));
        }
        try (GridStore store = GridStore.open(file, StoreMode.PRIVATE)) {
            try (PathService service = PathService.over(store.grid(), 2)) {
                List<GridPath> answers = service.solveAll(batch);
                for (int i = 0; i < batch.size(); i++) {
                    PathService.Query q = batch.get(i);
                    GridPath expected = store.findPath(q.start(), q.goal(), q.options());
                    assertEquals(expected.status(), answers.get(i).status());
                    assertEquals(expected.cost(), answers.get(i).cost());
                    assertEquals(expected.cells(), answers.get(i).cells());
                }
                service.edit(g -> g.setArea(0, 0, Grid.WALL));
                assertEquals(
                        PathStatus.START_INVALID,
                        service.submit(new PathService.Query(new Cell(0, 0), new Cell(39, 29)))
                                .join()
                                .status());
            }
            // not the owner: the store is still open
            assertEquals(
                    PathStatus.START_INVALID,
                    store.findPath(new Cell(0, 0), new Cell(39, 29), GridOptions.DEFAULT)
                            .status());
        }
        GridStore store = GridStore.open(file);
        PathService service = PathService.over(store.grid(), 1, store);
        assertEquals(
                PathStatus.FOUND,
                service.submit(new PathService.Query(new Cell(0, 0), new Cell(0, 0)))
                        .join()
                        .status());
        service.close();
        assertThrows(RuntimeException.class, () -> store.findPath(new Cell(0, 0), new Cell(1, 1), GridOptions.DEFAULT));
    }
}
