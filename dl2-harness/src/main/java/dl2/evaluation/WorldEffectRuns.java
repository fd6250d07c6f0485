package dl2.evaluation;

import dl2.simulation.BatchRunner;
import dl2.simulation.Simulator;
import dl2.simulation.world.GpuTypedWorld;
import dl2.simulation.world.RealisticRun;
import dl2.simulation.world.WorldEffects;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** What the realistic world did to a scheduler's jobs, run over an evaluation's traces. */
public final class WorldEffectRuns {
  private WorldEffectRuns() {}

  /**
   * What the realistic world did to {@code scheduler}'s jobs on every trace of {@code evaluation}
   * (the same runs as {@link Evaluation#run}); {@code onRun} after each.
   */
  public static List<WorldEffects> of(
      Evaluation evaluation, String scheduler, int threads, Runnable onRun) {
    evaluation.check(scheduler);
    List<Callable<WorldEffects>> tasks = new ArrayList<>();
    for (TraceInput trace : evaluation.traces()) {
      tasks.add(
          () -> {
            Simulator simulator = evaluation.simulator(trace);
            simulator.run(evaluation.newScheduler(scheduler, trace.index()));
            onRun.run();
            return GpuTypedWorld.withoutGpuTypes(simulator.world())
                    instanceof RealisticRun realistic
                ? realistic.effects()
                : WorldEffects.pooled(List.of());
          });
    }
    return BatchRunner.inOrder(tasks, threads);
  }
}
