package dl2.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dl2.io.InputException;
import dl2.model.JobType;
import dl2.speed.RbfTableSpeed.ZeroSpeed;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RbfTableSpeedTest {
  private static final JobType RESNET = JobType.RESNET_50;
  private static final int[] SPARSE = {1, 2, 4, 8, 12, 16};

  private static SpeedRecord r(int ps, int workers, double speed) {
    return new SpeedRecord(RESNET, ps, workers, speed);
  }

  private static RbfTableSpeed fit(List<SpeedRecord> records, ZeroSpeed zeroSpeed) {
    return RbfTableSpeed.fit("t.csv", records, 17, zeroSpeed);
  }

  /** FittedOptimusSpeed sampled at every (p, w) in grid × grid, for all eight models. */
  private static List<SpeedRecord> optimusTable(int[] grid) {
    List<SpeedRecord> records = new ArrayList<>();
    for (JobType type : JobType.values()) {
      for (int p : grid) {
        for (int w : grid) {
          double speed = FittedOptimusSpeed.INSTANCE.samplesPerSecond(type, p, w);
          records.add(new SpeedRecord(type, p, w, speed));
        }
      }
    }
    return records;
  }

  @Test
  void theInterpolantIsExactAtEveryRecord() {
    List<SpeedRecord> records = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      // Scattered distinct points with uneven speeds, some beyond the precomputed grid.
      int p = 1 + (i * 7) % 23;
      int w = 1 + (i * 5 + i / 23) % 19;
      records.add(r(p, w, 10 + (i * 37) % 101 + 0.25 * i));
    }
    RbfTableSpeed speed = fit(records, ZeroSpeed.KEEP);
    for (SpeedRecord rec : records) {
      assertThat(speed.samplesPerSecond(RESNET, rec.numPs(), rec.numWorkers()))
          .isCloseTo(rec.samplesPerSecond(), within(1e-9));
    }
  }

  @Test
  void duplicatePointsAreAveragedBeforeFitting() {
    RbfTableSpeed withDuplicates =
        fit(List.of(r(1, 1, 10), r(3, 2, 5), r(1, 1, 20), r(2, 4, 8)), ZeroSpeed.KEEP);
    RbfTableSpeed averaged = fit(List.of(r(1, 1, 15), r(3, 2, 5), r(2, 4, 8)), ZeroSpeed.KEEP);
    assertThat(withDuplicates.samplesPerSecond(RESNET, 1, 1)).isCloseTo(15, within(1e-12));
    for (int p = 1; p <= 20; p++) {
      for (int w = 1; w <= 20; w++) {
        assertThat(withDuplicates.samplesPerSecond(RESNET, p, w))
            .isEqualTo(averaged.samplesPerSecond(RESNET, p, w));
      }
    }
  }

  @Test
  void aOneRecordTableIsConstant() {
    RbfTableSpeed speed = fit(List.of(r(2, 3, 42.5)), ZeroSpeed.KEEP);
    assertThat(speed.samplesPerSecond(RESNET, 2, 3)).isEqualTo(42.5);
    assertThat(speed.samplesPerSecond(RESNET, 1, 1)).isEqualTo(42.5);
    assertThat(speed.samplesPerSecond(RESNET, 30, 40)).isEqualTo(42.5);
  }

  /** Two points at distance d: A = [[0, d], [d, 0]], so λ = (s2/d, s1/d). */
  @Test
  void aTwoRecordTableMatchesTheHandSolution() {
    // x1 = (1, 1), s1 = 30; x2 = (4, 5), s2 = 10; d = 5, so λ = (2, 6).
    RbfInterpolant f =
        RbfInterpolant.fit(new double[] {1, 4}, new double[] {1, 5}, new double[] {30, 10});
    assertThat(f.weights()).containsExactly(new double[] {2, 6}, within(1e-14));
    RbfTableSpeed speed = fit(List.of(r(1, 1, 30), r(4, 5, 10)), ZeroSpeed.KEEP);
    assertThat(speed.samplesPerSecond(RESNET, 1, 1)).isCloseTo(30, within(1e-12));
    assertThat(speed.samplesPerSecond(RESNET, 4, 5)).isCloseTo(10, within(1e-12));
    // (1, 5): distances 4 and 3, so 2·4 + 6·3 = 26. (7, 9): distances 10 and 5, so 50.
    assertThat(speed.samplesPerSecond(RESNET, 1, 5)).isCloseTo(26, within(1e-12));
    assertThat(speed.samplesPerSecond(RESNET, 7, 9)).isCloseTo(50, within(1e-12));
    assertThat(f.evaluate(2.5, 3)).isCloseTo(20, within(1e-12));
  }

  /**
   * Measured on the sparse grid {1, 2, 4, 8, 12, 16}²: at the records the relative error is at most
   * 1.1e-14; between them, over all of 1..16², it is at most 23% (at p = 1, where the c·w/p term is
   * steep; w = 6 lies between records 4 and 8), and at most 7.6% once p, w ≥ 2.
   */
  @Test
  void aTableSampledFromTheDefaultModelReproducesIt() {
    RbfTableSpeed speed = fit(optimusTable(SPARSE), ZeroSpeed.KEEP);
    for (JobType type : JobType.values()) {
      for (int p = 1; p <= 16; p++) {
        for (int w = 1; w <= 16; w++) {
          double expected = FittedOptimusSpeed.INSTANCE.samplesPerSecond(type, p, w);
          double relative = Math.abs(speed.samplesPerSecond(type, p, w) - expected) / expected;
          boolean atRecord = onSparseGrid(p) && onSparseGrid(w);
          double tolerance = atRecord ? 1e-12 : p >= 2 && w >= 2 ? 0.08 : 0.25;
          assertThat(relative).as("%s at (%d, %d)", type, p, w).isLessThanOrEqualTo(tolerance);
        }
      }
    }
  }

  private static boolean onSparseGrid(int count) {
    return Arrays.stream(SPARSE).anyMatch(x -> x == count);
  }

  @Test
  void aZeroSpeedRecordIsAZeroProgressPointWhenKept() {
    List<SpeedRecord> records = List.of(r(1, 1, 0), r(1, 2, 20), r(2, 1, 20), r(2, 2, 30));
    assertThat(fit(records, ZeroSpeed.KEEP).samplesPerSecond(RESNET, 1, 1)).isZero();
    RbfTableSpeed dropped = fit(records, ZeroSpeed.DROP);
    assertThat(dropped.samplesPerSecond(RESNET, 1, 1)).isGreaterThan(1);
    assertThat(dropped.samplesPerSecond(RESNET, 2, 2)).isCloseTo(30, within(1e-12));
  }

  @Test
  void zeroSpeedRecordsAreDroppedBeforeDuplicatesAreAveraged() {
    List<SpeedRecord> records = List.of(r(1, 1, 0), r(1, 1, 40), r(3, 3, 10));
    assertThat(fit(records, ZeroSpeed.KEEP).samplesPerSecond(RESNET, 1, 1))
        .isCloseTo(20, within(1e-12));
    assertThat(fit(records, ZeroSpeed.DROP).samplesPerSecond(RESNET, 1, 1))
        .isCloseTo(40, within(1e-12));
  }

  @Test
  void aModelWithOnlyZeroSpeedRecordsIsMissingOnceTheyAreDropped() {
    List<SpeedRecord> records = List.of(r(1, 1, 0), r(2, 2, 0));
    assertThat(fit(records, ZeroSpeed.KEEP).models()).containsExactly(RESNET);
    assertThat(fit(records, ZeroSpeed.DROP).models()).isEmpty();
  }

  @Test
  void negativeValuesOfTheSumAreClampedToZero() {
    // Found by search: the unclamped sum is about −1.148 at (2, 2).
    List<SpeedRecord> records = List.of(r(1, 1, 20), r(1, 3, 0), r(1, 2, 0), r(2, 1, 0));
    RbfInterpolant f =
        RbfInterpolant.fit(
            new double[] {1, 1, 1, 2}, new double[] {1, 2, 3, 1}, new double[] {20, 0, 0, 0});
    double[] lambda = f.weights();
    double raw =
        lambda[0] * Math.sqrt(2) + lambda[1] * 1 + lambda[2] * Math.sqrt(2) + lambda[3] * 1;
    assertThat(raw).isLessThan(-1);
    assertThat(fit(records, ZeroSpeed.KEEP).samplesPerSecond(RESNET, 2, 2)).isZero();
  }

  /** The precomputed grid is a fast path: it must equal the direct evaluation bit for bit. */
  @Test
  void gridLookupsEqualDirectEvaluationBitForBit() {
    RbfTableSpeed speed = RbfTableSpeed.fit("t.csv", optimusTable(SPARSE), 17, ZeroSpeed.KEEP);
    for (JobType type : JobType.values()) {
      for (int p = -1; p <= 20; p++) {
        for (int w = -1; w <= 20; w++) {
          assertThat(Double.doubleToRawLongBits(speed.samplesPerSecond(type, p, w)))
              .as("%s at (%d, %d)", type, p, w)
              .isEqualTo(Double.doubleToRawLongBits(speed.evaluateDirectly(type, p, w)));
        }
      }
    }
  }

  @Test
  void aJobWithoutAPsOrAWorkerMakesNoProgress() {
    RbfTableSpeed speed = fit(List.of(r(1, 1, 30), r(4, 5, 10)), ZeroSpeed.KEEP);
    assertThat(speed.samplesPerSecond(RESNET, 0, 3)).isZero();
    assertThat(speed.samplesPerSecond(RESNET, 3, 0)).isZero();
    assertThat(speed.samplesPerSecond(RESNET, -1, 30)).isZero();
  }

  @Test
  void aModelMissingFromTheTableIsAClearError() {
    RbfTableSpeed speed = fit(List.of(r(1, 1, 30)), ZeroSpeed.KEEP);
    assertThatThrownBy(() -> speed.samplesPerSecond(JobType.VGG_16, 1, 1))
        .isInstanceOf(InputException.class)
        .hasMessage("speed table t.csv has no rows for model vgg-16");
    assertThat(speed.requireModels(List.of(RESNET))).isSameAs(speed);
    assertThatThrownBy(() -> speed.requireModels(List.of(JobType.WLM, JobType.DSSM, RESNET)))
        .isInstanceOf(InputException.class)
        .hasMessage("speed table t.csv has no rows for model dssm");
  }

  @Test
  void coincidentPointsMakeASingularSystem() {
    assertThatThrownBy(
            () ->
                RbfInterpolant.fit(
                    new double[] {1, 1, 2}, new double[] {1, 1, 2}, new double[] {5, 5, 7}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("singular");
  }

  @Test
  void nearlyCoincidentPointsMakeAnIllConditionedSystem() {
    // A = [[0, 1, 1], [1, 0, ε], [1, ε, 0]] has determinant 2ε.
    assertThatThrownBy(
            () ->
                RbfInterpolant.fit(
                    new double[] {0, 1, 1}, new double[] {0, 0, 1e-14}, new double[] {5, 6, 7}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ill-conditioned");
  }

  @Test
  void thePaperSizedGridIsWellConditioned() {
    // PS 1–23 × workers 1–12 (§3.5), 276 points.
    List<SpeedRecord> records = new ArrayList<>();
    for (int p = 1; p <= 23; p++) {
      for (int w = 1; w <= 12; w++) {
        records.add(r(p, w, FittedOptimusSpeed.INSTANCE.samplesPerSecond(RESNET, p, w)));
      }
    }
    RbfTableSpeed speed = fit(records, ZeroSpeed.KEEP);
    assertThat(speed.samplesPerSecond(RESNET, 23, 12))
        .isCloseTo(FittedOptimusSpeed.INSTANCE.samplesPerSecond(RESNET, 23, 12), within(1e-9));
  }

  @Test
  void itReportsItsNameAndSource() {
    RbfTableSpeed speed = fit(List.of(r(1, 1, 30)), ZeroSpeed.KEEP);
    assertThat(speed.name()).isEqualTo("rbf-table");
    assertThat(speed.source()).isEqualTo("t.csv");
    assertThat(speed.maxCount()).isEqualTo(17);
    assertThat(speed.epochsPerSlot(RESNET, 1, 1, 1200)).isCloseTo(30 * 1200 / 115.0, within(1e-9));
  }
}
