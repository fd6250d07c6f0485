package dl2.schedulers.typed;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.ClusterSpec;
import dl2.model.GpuCatalogue;
import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.NodeGroup;
import dl2.schedulers.OptimusRemaining;
import dl2.schedulers.Scenario;
import dl2.simulation.SimulationConfig;
import dl2.simulation.Simulator;
import dl2.slot.JobView;
import dl2.slot.PlacedJob;
import dl2.slot.SlotContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed slots on a cluster of one K80 node (node 0) and one V100 node (node 1), each 8
 * cores and 2 GPUs, cap 2, at 10 epochs per slot per worker (whatever the PSs): job 1 a resnet-50
 * of 100 epochs (K80 factor 0.1583), job 2 a seq2seq of 1000 epochs (K80 factor 0.2799), both
 * arriving at slot 0. The pooled counts: first worker and PS of job 1, then of job 2 (+∞, ids),
 * then a second worker each (gain/t0 = (10 − 5)/10 = 0.5 for job 1, (100 − 50)/100 = 0.5 for job 2;
 * a PS gains nothing); a third worker would pass the cap. So each wants 2 workers and 1 PS, and 4
 * GPUs are all there are: one job per node.
 */
class TypedGreedyTest {
  private static final ClusterSpec K80_V100 =
      new ClusterSpec(
          List.of(
              new NodeGroup(1, 8, 2, GpuCatalogue.K80), new NodeGroup(1, 8, 2, GpuCatalogue.V100)));

  private static Simulator cluster() {
    return cluster(
        Scenario.job(1, JobType.RESNET_50, 0, 100), Scenario.job(2, JobType.SEQ2SEQ, 0, 1000));
  }

  private static Simulator cluster(JobSpec... jobs) {
    SimulationConfig config = new SimulationConfig(K80_V100, 2, 1200, 0, 10_000);
    return new Simulator(config, Scenario.trace(jobs), Scenario.TEN_PER_WORKER, 1);
  }

  /** The nodes of each job's workers, as "id: nodes". */
  private static List<String> workerNodes(SlotContext slot) {
    List<String> nodes = new ArrayList<>();
    for (JobView job : slot.jobs()) {
      PlacedJob placed = (PlacedJob) job;
      List<Integer> of = new ArrayList<>();
      for (int i = 0; i < placed.workers(); i++) {
        of.add(placed.workerNode(i));
      }
      nodes.add(job.id() + ": " + of);
    }
    return nodes;
  }

  /**
   * The oracle knows both jobs train fastest on the V100. Job 1 has the shorter remaining time (100
   * / 20 = 5 slots against 1000 / 20 = 50), so it chooses first and takes the V100 node, placing a
   * worker there and its PS on the least-loaded node (the K80's). The V100's other GPU is reserved
   * for job 1's second worker, so job 2 sees no room there and takes the K80 (0.2799 × 20 > 0).
   */
  @Test
  void theShorterJobTakesTheFasterTypeAndTheOtherTheSlowerOneWhole() {
    Simulator sim = cluster();
    SlotContext slot =
        Scenario.decide(
            sim,
            TypedGreedy.oracle(
                "t-oracle", OptimusRemaining.Rank.GAIN_PER_REMAINING_TIME, TypeChoice.FASTEST));
    assertThat(Scenario.allocations(slot)).containsExactly("1: 2/1", "2: 2/1");
    assertThat(workerNodes(slot)).containsExactly("1: [1, 1]", "2: [0, 0]");
    sim.endSlot();
    // job 1 trains 20 epochs on the V100, job 2 at 0.2799 × 20 on the K80
    assertThat(sim.outstandingJobs().get(0).progress()).isEqualTo(20.0);
    assertThat(sim.outstandingJobs().get(1).progress()).isCloseTo(5.598, within());
  }

  /**
   * The measured rule believes every pair as fast as the curve (prior 1) until it has run there.
   * Slot 0: all prospects tie at 1 × 20 and all costs at 1, so job 1 takes the type listed first,
   * the K80 (its second worker reserved there), and job 2 the V100, the only type with room. Slot
   * 1: it has measured resnet-50 on the K80 (20 × 0.1583 / 20 = 0.1583) and seq2seq on the V100
   * (1); job 1 (96.834 / 20 ≈ 4.8 slots) takes the V100 (prior 1 > 0.1583), and job 2 ties between
   * its measured V100 (1) and its untried K80 (prior 1); the K80 is cheaper ((0.1583 + 5) / 6 ≈
   * 0.860 against 1) and has room, so it explores there.
   */
  @Test
  void theMeasuredRuleTriesEachUnmeasuredTypeOnceAndPoolsWhatItSees() {
    Simulator sim = cluster();
    MeasuredTypeFactors factors = new MeasuredTypeFactors();
    TypedGreedy rule =
        new TypedGreedy(
            "t", OptimusRemaining.Rank.GAIN_PER_REMAINING_TIME, TypeChoice.FASTEST, factors);
    SlotContext first = Scenario.decide(sim, rule);
    assertThat(workerNodes(first)).containsExactly("1: [0, 0]", "2: [1, 1]");
    sim.endSlot();
    SlotContext second = Scenario.decide(sim, rule);
    assertThat(factors.factor(JobType.RESNET_50, 0)).isCloseTo(0.1583, within());
    assertThat(factors.factor(JobType.SEQ2SEQ, 1)).isCloseTo(1.0, within());
    assertThat(factors.samples(JobType.RESNET_50, 1)).isZero();
    assertThat(factors.factor(JobType.RESNET_50, 1)).isEqualTo(MeasuredTypeFactors.PRIOR);
    assertThat(workerNodes(second)).containsExactly("1: [1, 1]", "2: [0, 0]");
    sim.endSlot();
    Scenario.decide(sim, rule);
    assertThat(factors.factor(JobType.SEQ2SEQ, 0)).isCloseTo(0.2799, within());
    assertThat(factors.samples(JobType.SEQ2SEQ, 1)).isEqualTo(1);
  }

  /**
   * Per unit of cost, seq2seq scores 0.2799 / 0.1934 ≈ 1.45 on the K80 (its cost: the mean of the
   * K80's six GPU factors) against 1 / 1 on the V100, so alone on the cluster it takes the K80 with
   * the V100 free; by speed alone it takes the V100.
   */
  @Test
  void perCostSendsAJobWithAComparativeAdvantageToTheSlowTypeEvenWhenTheFastOneIsFree() {
    double[] costs = TypeChoice.costs(oracleFactors(), 2);
    assertThat(costs[0])
        .isCloseTo((0.1583 + 0.1583 + 0.1551 + 0.1583 + 0.2799 + 0.2503) / 6, within());
    assertThat(costs[1]).isEqualTo(1.0);
    for (TypeChoice choice : TypeChoice.values()) {
      Simulator sim = cluster(Scenario.job(2, JobType.SEQ2SEQ, 0, 1000));
      SlotContext slot =
          Scenario.decide(
              sim,
              TypedGreedy.oracle(
                  "t-oracle", OptimusRemaining.Rank.GAIN_PER_REMAINING_TIME, choice));
      assertThat(workerNodes(slot))
          .as("%s", choice)
          .containsExactly(choice == TypeChoice.PER_COST ? "2: [0, 0]" : "2: [1, 1]");
    }
  }

  private static TypeFactors oracleFactors() {
    Simulator sim = cluster();
    SlotContext slot = sim.beginSlot();
    OracleTypeFactors factors = new OracleTypeFactors();
    factors.startSlot(slot, GpuTypeNodes.of(slot.cluster()));
    return factors;
  }

  private static org.assertj.core.data.Offset<Double> within() {
    return org.assertj.core.data.Offset.offset(1e-4);
  }
}
