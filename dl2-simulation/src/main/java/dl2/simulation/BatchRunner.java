package dl2.simulation;

import dl2.model.Trace;
import dl2.speed.SpeedModel;
import java.util.ArrayList;
import java.util.List;
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
  public static List<SimulationResult> run(SimulationConfig config, SpeedModel speed, List<Trace> traces,
      IntFunction<Scheduler> schedulers, IntToLongFunction simulatorSeeds, int threads) {
    if (threads <= 1 || traces.size() <= 1) {
      List<SimulationResult> results = new ArrayList<>(traces.size());
      for (int i = 0; i < traces.size(); i++) {
        results.add(runOne(config, speed, traces.get(i), schedulers.apply(i), simulatorSeeds.applyAsLong(i)));
      }
      return results;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, traces.size()), r -> {
      Thread t = new Thread(r, "dl2-simulation");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<SimulationResult>> futures = new ArrayList<>(traces.size());
      for (int i = 0; i < traces.size(); i++) {
        int index = i;
        futures.add(pool.submit(() -> runOne(config, speed, traces.get(index), schedulers.apply(index),
            simulatorSeeds.applyAsLong(index))));
      }
      List<SimulationResult> results = new ArrayList<>(traces.size());
      for (Future<SimulationResult> future : futures) {
        results.add(future.get());
      }
      return results;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while simulating", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private static SimulationResult runOne(SimulationConfig config, SpeedModel speed, Trace trace, Scheduler scheduler, long seed) {
    return new Simulator(config, trace, speed, seed).run(scheduler);
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
