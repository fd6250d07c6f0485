package dl2.schedulers.typed;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.bounds.CapacityBound;
import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.model.Rng;
import dl2.model.Trace;
import dl2.placement.Placements;
import dl2.registry.Trait;
import dl2.schedulers.registry.Schedulers;
import dl2.simulation.SimulationConfig;
import dl2.simulation.SimulationResult;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.PlacedJob;
import dl2.slot.PlacedScheduler;
import dl2.slot.Scheduler;
import dl2.slot.SchedulerName;
import dl2.slot.SlotContext;
import dl2.speed.FittedOptimusSpeed;
import dl2.workload.Preset;
import dl2.workload.Presets;
import dl2.workload.WorldKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seeded random small traces on shrunk GPU-typed clusters, in both worlds: every
 * heterogeneity-aware rule keeps each job's workers on one GPU type in every slot, finishes every
 * job, and stays at or above the capacity bound; the same seed gives the same schedule.
 */
class TypedGreedyInvariantsTest {
  private static final double ROUNDING = 1e-12;

  private static final ClusterSpec K80_P100_V100 =
      new ClusterSpec(
          List.of(
              new NodeGroup(1, 8, 2, GpuCatalogue.K80),
              new NodeGroup(2, 8, 2, GpuCatalogue.P100),
              new NodeGroup(1, 8, 2, GpuCatalogue.V100)));

  @Test
  void everyJobKeepsItsWorkersOnOneTypeFinishesAndNoRuleBeatsTheBound() {
    List<Preset> presets =
        List.of(
            Presets.GAVEL_DENSE.withCluster(Presets.GAVEL_DENSE.cluster().withNodes(3)),
            Presets.A100T4_DENSE.withCluster(Presets.A100T4_DENSE.cluster().withNodes(4)),
            Presets.PAPER_DENSE.withCluster(K80_P100_V100),
            Presets.GAVEL_DENSE
                .withWorld(WorldKind.REALISTIC)
                .withCluster(Presets.GAVEL_DENSE.cluster().withNodes(4)));
    int slotsChecked = 0;
    for (Preset preset : presets) {
      for (long seed = 1; seed <= 4; seed++) {
        Trace trace = trace(seed);
        SimulationConfig config = SimulationConfig.of(preset).withMaxSlots(20_000);
        for (String name : rules()) {
          OneTypeCheck check = new OneTypeCheck(rule(name));
          SimulationResult result =
              new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, seed).run(check);
          String what = name + " on " + preset.name() + " seed " + seed;
          assertThat(check.mixed).as(what).isEmpty();
          assertThat(result.jobs()).as(what).hasSize(trace.size());
          double bound =
              CapacityBound.of(
                      trace,
                      config,
                      FittedOptimusSpeed.INSTANCE,
                      seed,
                      result.averageJct() * trace.size())
                  .averageJct();
          assertThat(result.averageJct()).as(what).isGreaterThanOrEqualTo(bound * (1 - ROUNDING));
          SimulationResult again =
              new Simulator(config, trace, FittedOptimusSpeed.INSTANCE, seed).run(rule(name));
          assertThat(again.averageJct()).as(what).isEqualTo(result.averageJct());
          slotsChecked += check.slots;
        }
      }
    }
    assertThat(slotsChecked).isPositive();
  }

  /** The typed rules, and every baseline under the fastest-type placements. */
  private static List<String> rules() {
    List<String> rules = new ArrayList<>();
    for (String name : Schedulers.NAMES) {
      if (name.contains("-typed")) {
        rules.add(name);
      }
    }
    for (String baseline : Schedulers.BASELINES) {
      if (!Schedulers.BUILT_IN.is(baseline, Trait.PLACES_ITS_OWN_TASKS)) {
        for (String placement : Placements.ONE_GPU_TYPE) {
          rules.add(SchedulerName.of(baseline).withPlacement(placement).toString());
        }
      }
    }
    return rules;
  }

  private static Scheduler rule(String name) {
    SchedulerName parsed = SchedulerName.parse(name);
    Scheduler scheduler = Schedulers.baseline(parsed.scheduler());
    return parsed
        .placement()
        .<Scheduler>map(p -> new PlacedScheduler(scheduler, Placements.byName(p)))
        .orElse(scheduler);
  }

  /** Runs a rule and records every job whose workers span GPU types in some slot. */
  private static final class OneTypeCheck implements Scheduler {
    private final Scheduler rule;
    final List<String> mixed = new ArrayList<>();
    int slots;

    OneTypeCheck(Scheduler rule) {
      this.rule = rule;
    }

    @Override
    public String name() {
      return rule.name();
    }

    @Override
    public boolean placesItsOwnTasks() {
      return rule.placesItsOwnTasks();
    }

    @Override
    public void schedule(SlotContext slot) {
      rule.schedule(slot);
      slots++;
      for (JobView job : slot.jobs()) {
        PlacedJob placed = (PlacedJob) job;
        for (int i = 1; i < placed.workers(); i++) {
          String first = slot.cluster().gpuTypeName(placed.workerNode(0));
          if (!slot.cluster().gpuTypeName(placed.workerNode(i)).equals(first)) {
            mixed.add("job " + job.id() + " in slot " + slot.slot());
          }
        }
      }
    }
  }

  /** A few overlapping jobs of random types. */
  private static Trace trace(long seed) {
    Rng rng = new Rng(seed * 7919);
    List<JobSpec> jobs = new ArrayList<>();
    int count = rng.nextIntInclusive(4, 10);
    for (int id = 1; id <= count; id++) {
      JobType type = JobType.values()[rng.nextInt(JobType.values().length)];
      jobs.add(JobSpec.exact(id, type, rng.nextInt(4), 100 + rng.nextInt(2000)));
    }
    return new Trace("typed" + seed, jobs);
  }
}
