package dl2.simulation;

import dl2.model.Trace;
import dl2.slot.Scheduler;
import dl2.speed.SpeedModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;

/**
 * Runs one scheduler over many traces, each on a fresh simulator and a fresh scheduler, on up to
 * {@code threads} threads. Results come back in trace order and depend only on the inputs and
 * seeds, never on the thread count.
 */
public final class BatchRunner {
  private BatchRunner() {}

  /**
   * @param schedulers a fresh scheduler for trace i
   * @param simulatorSeeds the simulator seed (speed noise) of trace i
   */
  public static List<SimulationResult> run(
      SimulationConfig config,
      SpeedModel speed,
      List<Trace> traces,
      IntFunction<Scheduler> schedulers,
      IntToLongFunction simulatorSeeds,
      int threads) {
    return run(SimulatedClusters.of(config, speed), traces, schedulers, simulatorSeeds, threads);
  }

  /**
   * As {@link #run(SimulationConfig, SpeedModel, List, IntFunction, IntToLongFunction, int)}, on
   * {@code clusters}.
   */
  public static List<SimulationResult> run(
      SimulatedClusters clusters,
      List<Trace> traces,
      IntFunction<Scheduler> schedulers,
      IntToLongFunction simulatorSeeds,
      int threads) {
    List<Callable<SimulationResult>> tasks = new ArrayList<>(traces.size());
    for (int i = 0; i < traces.size(); i++) {
      int index = i;
      tasks.add(
          () ->
              clusters
                  .open(traces.get(index), simulatorSeeds.applyAsLong(index))
                  .run(schedulers.apply(index)));
    }
    return inOrder(tasks, threads);
  }

  /**
   * Runs independent tasks on up to {@code threads} daemon threads and returns their results in
   * task order, so the outcome never depends on thread timing. A task's runtime exception is
   * rethrown.
   */
  public static <T> List<T> inOrder(List<Callable<T>> tasks, int threads) {
    List<T> results = new ArrayList<>(tasks.size());
    if (threads <= 1 || tasks.size() <= 1) {
      for (Callable<T> task : tasks) {
        results.add(call(task));
      }
      return results;
    }
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.min(threads, tasks.size()),
            r -> {
              Thread t = new Thread(r, "dl2-simulation");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<T>> futures = new ArrayList<>(tasks.size());
      for (Callable<T> task : tasks) {
        futures.add(pool.submit(task));
      }
      for (Future<T> future : futures) {
        results.add(future.get());
      }
      return results;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while simulating", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException runtime
          ? runtime
          : new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private static <T> T call(Callable<T> task) {
    try {
      return task.call();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Mean of the traces' average JCTs. */
  public static double meanAverageJct(List<SimulationResult> results) {
    return results.stream().mapToDouble(SimulationResult::averageJct).average().orElse(Double.NaN);
  }

  /** Mean of the traces' makespans. */
  public static double meanMakespan(List<SimulationResult> results) {
    return results.stream().mapToDouble(SimulationResult::makespan).average().orElse(Double.NaN);
  }
}
