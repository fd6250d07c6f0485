package dl2.workload;

import static org.assertj.core.api.Assertions.assertThat;

import dl2.model.JobSpec;
import dl2.model.JobType;
import dl2.model.Rng;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The paper's trace generator (dl2-spec §4.1–4.4). */
class PaperWorkloadTest {
  private static List<JobSpec> generate(WorkloadConfig config, long seed) {
    return new PaperWorkload(config).jobs(seed);
  }

  /** Jobs per arrival slot, from slot 0 to the last arrival. */
  private static int[] arrivalsPerSlot(List<JobSpec> jobs) {
    int last = jobs.stream().mapToInt(JobSpec::arrivalSlot).max().orElseThrow();
    int[] counts = new int[last + 1];
    jobs.forEach(j -> counts[j.arrivalSlot()]++);
    return counts;
  }

  @ParameterizedTest
  @CsvSource({"3, 122", "5, 181", "10, 331"})
  void onePassOfThePaperPatternYieldsTheRescaledSum(int max, int expected) {
    assertThat(IntStream.of(ArrivalPattern.rescaledPaperCounts(max)).sum()).isEqualTo(expected);
    // Any offset: the first 72 slots consume each of the 72 entries once.
    List<JobSpec> jobs = generate(WorkloadConfig.paper(max, 1000, 30000), 5);
    assertThat(jobs.stream().filter(j -> j.arrivalSlot() < 72)).hasSize(expected);
  }

  @Test
  void thePaperCountsAreRescaledWithIntegerCeiling() {
    int[] a = ArrivalPattern.rescaledPaperCounts(3);
    assertThat(a).hasSize(72);
    // ceil(23·3/82) = 1, ceil(82·3/82) = 3 (hour 16), ceil(3·3/82) = 1 (hour 49), ceil(28·3/82) =
    // 2.
    assertThat(a[0]).isEqualTo(1);
    assertThat(a[16]).isEqualTo(3);
    assertThat(a[49]).isEqualTo(1);
    assertThat(a[22]).isEqualTo(2);
  }

  @Test
  void arrivalsFollowThePatternFromARandomOffsetOfAtMostFour() {
    int max = 5;
    int[] pattern = ArrivalPattern.rescaledPaperCounts(max);
    int[] counts = arrivalsPerSlot(generate(WorkloadConfig.paper(max, 400, 30000), 17));
    boolean matched =
        IntStream.rangeClosed(0, 4)
            .anyMatch(
                offset ->
                    IntStream.range(0, counts.length - 1)
                        .allMatch(
                            ts ->
                                counts[ts]
                                    == Math.min(max, pattern[(ts + offset) % pattern.length])));
    assertThat(matched).isTrue();
    assertThat(IntStream.of(counts).max().orElseThrow()).isLessThanOrEqualTo(max);
  }

  @Test
  void theTraceStopsAtTotalJobsWithConsecutiveIdsFromOne() {
    List<JobSpec> jobs = generate(WorkloadConfig.paper(10, 200, 30000), 3);
    assertThat(jobs)
        .extracting(JobSpec::id)
        .containsExactlyElementsOf(IntStream.rangeClosed(1, 200).boxed().toList());
    assertThat(jobs)
        .isSortedAccordingTo((a, b) -> Integer.compare(a.arrivalSlot(), b.arrivalSlot()));
  }

  @ParameterizedTest
  @CsvSource({
    "30000, 909, 4675, 7792, 11324, 14519, 17636, 20935, 30000",
    "80000, 2424, 12467, 20779, 30199, 38718, 47030, 55826, 80000",
    "1000, 30, 155, 259, 377, 483, 587, 697, 1000",
  })
  void everyBucketHasItsFixedEpochs(
      int maxEpochs, int b0, int b1, int b2, int b3, int b4, int b5, int b6, int b7) {
    // Released mapping: type = bucket + 1, so the type number identifies the bucket.
    List<JobSpec> jobs = generate(WorkloadConfig.paper(10, 3000, maxEpochs), 1);
    Map<Integer, List<Double>> epochsByType =
        jobs.stream()
            .collect(
                Collectors.groupingBy(
                    j -> j.type().number(),
                    TreeMap::new,
                    Collectors.mapping(JobSpec::epochs, Collectors.toList())));
    assertThat(epochsByType).hasSize(8);
    int[] expected = {b0, b1, b2, b3, b4, b5, b6, b7};
    epochsByType.forEach(
        (type, epochs) -> assertThat(epochs).containsOnly((double) expected[type - 1]));
  }

  @Test
  void bucketsAreDrawnWithThePaperProbabilities() {
    List<JobSpec> jobs = generate(WorkloadConfig.paper(10, 5000, 30000), 2);
    double shortShare = jobs.stream().filter(j -> j.type() == JobType.RESNET_50).count() / 5000.0;
    // Bucket 0 has probability 0.681; 5000 draws put the share within a few points of it.
    assertThat(shortShare).isBetween(0.65, 0.71);
  }

  @Test
  void typeRestrictionKeepsOnlyTheFirstKBuckets() {
    List<JobSpec> jobs = generate(WorkloadConfig.paper(10, 500, 30000).withTypeRestriction(2), 4);
    assertThat(jobs).extracting(JobSpec::type).containsOnly(JobType.RESNET_50, JobType.VGG_16);
  }

  @Test
  void theImportanceMappingChangesTypesButEpochsStillFollowTheBucket() {
    List<JobSpec> jobs =
        generate(WorkloadConfig.paper(10, 3000, 30000).withMix(JobMix.PAPER_IMPORTANCE), 1);
    Map<JobType, Double> epochsByType =
        jobs.stream()
            .collect(
                Collectors.toMap(
                    JobSpec::type,
                    JobSpec::epochs,
                    (a, b) -> {
                      assertThat(a).isEqualTo(b);
                      return a;
                    }));
    // map = [6,4,0,5,1,2,7,3]: buckets 0..7 → dssm, seq2seq, resnet-50, cnn-text, vgg-16,
    // resnext-110, wlm, inception-bn.
    assertThat(epochsByType)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                JobType.DSSM,
                909.0,
                JobType.SEQ2SEQ,
                4675.0,
                JobType.RESNET_50,
                7792.0,
                JobType.CNN_TEXT_CLASSIFICATION,
                11324.0,
                JobType.VGG_16,
                14519.0,
                JobType.RESNEXT_110,
                17636.0,
                JobType.WLM,
                20935.0,
                JobType.INCEPTION_BN,
                30000.0));
  }

  @Test
  void theImportanceMappingWithTwoTypesGivesDssmAndSeq2seq() {
    List<JobSpec> jobs =
        generate(
            WorkloadConfig.paper(10, 300, 30000)
                .withMix(JobMix.PAPER_IMPORTANCE)
                .withTypeRestriction(2),
            4);
    assertThat(jobs).extracting(JobSpec::type).containsOnly(JobType.DSSM, JobType.SEQ2SEQ);
  }

  @Test
  void theSyntheticMixUsesFixedFractionsPerType() {
    double[] frac = {0.3, 0.96, 0.05, 0.54, 0.95, 0.46, 0.33, 0.23};
    List<JobSpec> jobs = generate(WorkloadConfig.paper(10, 400, 1000).withMix(JobMix.SYNTHETIC), 6);
    assertThat(jobs).extracting(JobSpec::type).contains(JobType.values());
    jobs.forEach(j -> assertThat(j.epochs()).isEqualTo((int) (frac[j.type().number() - 1] * 1000)));
  }

  @Test
  void withoutEstimationErrorRealEpochsEqualTheEstimate() {
    generate(WorkloadConfig.paper(10, 300, 30000), 8)
        .forEach(j -> assertThat(j.realEpochs()).isEqualTo(j.epochs()));
  }

  @Test
  void estimationErrorKeepsRealEpochsWithinEpsilonOfTheEstimate() {
    List<JobSpec> jobs =
        generate(WorkloadConfig.paper(10, 300, 30000).withEpochEstimationError(0.2), 8);
    jobs.forEach(j -> assertThat(j.realEpochs()).isBetween(0.8 * j.epochs(), 1.2 * j.epochs()));
    assertThat(jobs)
        .anyMatch(j -> j.realEpochs() > j.epochs())
        .anyMatch(j -> j.realEpochs() < j.epochs());
  }

  @Test
  void estimationErrorChangesOnlyRealEpochs() {
    WorkloadConfig exact = WorkloadConfig.paper(10, 300, 30000);
    Function<JobSpec, List<Object>> visible =
        j -> List.of(j.id(), j.type(), j.arrivalSlot(), j.epochs());
    assertThat(generate(exact.withEpochEstimationError(0.2), 8))
        .extracting(visible)
        .containsExactlyElementsOf(generate(exact, 8).stream().map(visible).toList());
  }

  @Test
  void jitterScalesTheBucketEpochsByNinetyToOneHundredNinePercent() {
    List<JobSpec> jobs = generate(WorkloadConfig.paper(10, 500, 30000).withFixJobLength(false), 9);
    int[] base = {909, 4675, 7792, 11324, 14519, 17636, 20935, 30000};
    for (JobSpec j : jobs) {
      double m = j.epochs() * 100 / base[j.type().number() - 1];
      assertThat(Math.rint(m)).isBetween(90.0, 109.0);
      assertThat(j.epochs())
          .isCloseTo(
              base[j.type().number() - 1] * Math.rint(m) / 100,
              org.assertj.core.api.Assertions.within(1e-9));
    }
    assertThat(
            jobs.stream()
                .filter(j -> j.type() == JobType.RESNET_50)
                .map(JobSpec::epochs)
                .distinct()
                .count())
        .isGreaterThan(10);
  }

  /**
   * RNG order (§4.1): pattern (no draws for PAPER), offset, then per job the bucket, the jitter
   * only if enabled, and the estimation error. Replaying that sequence by hand gives the trace.
   */
  @ParameterizedTest(name = "jitter {0}")
  @ValueSource(booleans = {false, true})
  void theRngIsDrawnInTheSpecifiedOrder(boolean jitter) {
    WorkloadConfig config =
        WorkloadConfig.paper(3, 20, 30000).withEpochEstimationError(0.1).withFixJobLength(!jitter);
    List<JobSpec> jobs = generate(config, 77);
    Rng rng = new Rng(77);
    int offset = rng.nextIntInclusive(0, 4);
    int[] pattern = ArrivalPattern.rescaledPaperCounts(3);
    double total = Arrays.stream(PaperWorkload.BUCKET_PROBABILITIES).sum();
    int id = 1;
    for (int ts = 0; id <= 20; ts++) {
      int n = Math.min(3, pattern[(ts + offset) % pattern.length]);
      for (int i = 0; i < n && id <= 20; i++, id++) {
        double target = rng.nextDouble() * total;
        int bucket = 0;
        double cumulative = PaperWorkload.BUCKET_PROBABILITIES[0];
        while (cumulative <= target) {
          cumulative += PaperWorkload.BUCKET_PROBABILITIES[++bucket];
        }
        double epochs = (int) (PaperWorkload.BUCKET_LENGTH_MINUTES[bucket] / 1155.0 * 30000);
        if (jitter) {
          epochs = epochs * rng.nextIntInclusive(90, 109) / 100.0;
        }
        double real = (1 + 0.1 * rng.nextSymmetric()) * epochs;
        assertThat(jobs.get(id - 1))
            .isEqualTo(new JobSpec(id, JobType.ofNumber(bucket + 1), ts, epochs, real));
      }
    }
  }

  @Test
  void thePoissonPatternHasOneHundredDrawsAroundMax() {
    int[] a = ArrivalPattern.POISSON.build(10, new Rng(1));
    assertThat(a).hasSize(100);
    assertThat(IntStream.of(a).min().orElseThrow()).isGreaterThanOrEqualTo(0);
    assertThat(IntStream.of(a).average().orElseThrow()).isBetween(9.0, 11.0);
    assertThat(IntStream.of(a).max().orElseThrow()).isGreaterThan(10);
  }

  @Test
  void poissonArrivalsAreClippedAtMax() {
    List<JobSpec> jobs =
        generate(WorkloadConfig.paper(10, 500, 30000).withPattern(ArrivalPattern.POISSON), 1);
    assertThat(IntStream.of(arrivalsPerSlot(jobs)).max().orElseThrow()).isEqualTo(10);
  }

  @Test
  void theUniformPatternReleasesExactlyMaxJobsPerSlot() {
    assertThat(ArrivalPattern.UNIFORM.build(4, new Rng(1))).hasSize(100).containsOnly(4);
    int[] counts =
        arrivalsPerSlot(
            generate(WorkloadConfig.paper(4, 41, 30000).withPattern(ArrivalPattern.UNIFORM), 1));
    assertThat(counts).containsExactly(4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 1);
  }

  @Test
  void theSameSeedGivesTheSameTraceWhateverRanBefore() {
    PaperWorkload generator =
        new PaperWorkload(WorkloadConfig.paper(10, 200, 30000).withEpochEstimationError(0.1));
    List<JobSpec> a = generator.jobs(1);
    List<JobSpec> b = generator.jobs(2);
    assertThat(generator.jobs(1)).isEqualTo(a);
    assertThat(b).isNotEqualTo(a);
  }
}
