package dl2.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dl2.model.JobType;
import dl2.model.Rng;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed step times of dl2-spec §3.4 for resnet-50: S = 102.2 MB, compute 0.449 s, inter
 * 91.875 MB/s, intra 306.5 MB/s.
 */
class AnalyticalSpeedTest {
  private static final JobType RESNET = JobType.RESNET_50;

  @Test
  void onePsAndOneWorkerOnSeparateNodesShareTheInterNodeLink() {
    // Worker node: ps_n = 0 ≠ P, so B_w = 91.875/1, B_p = 91.875/(1 − 0); t = 0.449 +
    // 2·102.2/91.875.
    double t = AnalyticalSpeed.stepSeconds(RESNET, new int[] {1, 0}, new int[] {0, 1});
    assertThat(t).isCloseTo(0.449 + 204.4 / 91.875, within(1e-12));
  }

  @Test
  void aNodeHoldingEveryPsUsesTheFullInterNodeBandwidthAndSharesTheIntraNodeLink() {
    // P = 1, W = 2 on one node: B_w = B_p = 91.875, B_intra = 306.5/2 = 153.25; inter-node is still
    // slower.
    double t = AnalyticalSpeed.stepSeconds(RESNET, new int[] {1}, new int[] {2});
    assertThat(t).isCloseTo(0.449 + Math.max(204.4 / 91.875, 204.4 / 153.25), within(1e-12));
    // With 4 co-located workers the intra-node link (306.5/4) becomes the bottleneck.
    double crowded = AnalyticalSpeed.stepSeconds(RESNET, new int[] {1}, new int[] {4});
    assertThat(crowded).isCloseTo(0.449 + 204.4 / (306.5 / 4), within(1e-12));
  }

  @Test
  void psesSplitAcrossNodesDivideTheLinksByTheRemoteTasks() {
    // Two nodes with one PS and one worker each: B_w = 91.875/(2 − 1), B_p = 91.875/(2 − 1); share
    // 2·(102.2/2).
    double t = AnalyticalSpeed.stepSeconds(RESNET, new int[] {1, 1}, new int[] {1, 1});
    assertThat(t).isCloseTo(0.449 + 102.2 / 91.875, within(1e-12));
  }

  @Test
  void theSpreadPlacementGivesTheSpeedModelView() {
    // p = 2, w = 2, each task alone: B_w = 91.875/2, B_p = 91.875/2; t = 0.449 + 2·51.1/45.9375;
    // speed = W/t.
    double t = 0.449 + 102.2 / 45.9375;
    assertThat(AnalyticalSpeed.INSTANCE.samplesPerSecond(RESNET, 2, 2))
        .isCloseTo(2 / t, within(1e-12));
    assertThat(AnalyticalSpeed.INSTANCE.epochsPerSlot(RESNET, 2, 2, 1200))
        .isCloseTo(2 / t * 1200 / 115, within(1e-9));
    assertThat(AnalyticalSpeed.INSTANCE.samplesPerSecond(RESNET, 0, 3)).isZero();
    assertThat(AnalyticalSpeed.INSTANCE.samplesPerSecond(RESNET, 3, 0)).isZero();
  }

  @Test
  void theSlowestWorkerSetsTheStepTime() {
    Rng rng = new Rng(17);
    for (int trial = 0; trial < 200; trial++) {
      JobType type = JobType.values()[rng.nextInt(JobType.values().length)];
      int nodes = 1 + rng.nextInt(4);
      int[] ps = new int[nodes];
      int[] workers = new int[nodes];
      ps[rng.nextInt(nodes)] = 1;
      workers[rng.nextInt(nodes)] = 1;
      for (int n = 0; n < nodes; n++) {
        ps[n] += rng.nextInt(3);
        workers[n] += rng.nextInt(3);
      }
      double t = AnalyticalSpeed.stepSeconds(type, ps, workers);
      // Never faster than local compute plus the intra-node transfer of its share, whatever the
      // placement.
      int totalPs = java.util.Arrays.stream(ps).sum();
      assertThat(t)
          .isGreaterThanOrEqualTo(
              type.localComputeSeconds()
                  + 2 * (type.modelMb() / totalPs) / type.intraNodeMbPerSecond());
      assertThat(t).isFinite();
    }
  }

  @Test
  void rejectsPlacementsWithoutBothTaskKinds() {
    assertThatThrownBy(() -> AnalyticalSpeed.stepSeconds(RESNET, new int[] {0}, new int[] {2}))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> AnalyticalSpeed.stepSeconds(RESNET, new int[] {1, 0}, new int[] {1}))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
