/* bench-faults.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* What one huge line costs: tests/fault-cli.py prints a line of
 * CAIRN_FAULT_MB (100) MB and exits; a session reads it, parses it off the
 * main thread and shows it collapsed. Printed: the peak memory it took
 * beyond what the process had before, as a multiple of the line (the goal:
 * under 3), and the time until the line was shown. Figures, not
 * assertions; it asserts only that the line was shown. */

#include "cairn-test-harness.h"
#include "transcript/cairn-notice-item.h"

static long
rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      !(line = strstr (status, "VmRSS:")))
    return 0;
  return strtol (line + 6, NULL, 10);
}

static gboolean
line_shown (gpointer session)
{
  return cairn_test_transcript_mentions (cairn_session_get_transcript (session), "MB more)") &&
         cairn_session_get_state (session) == CAIRN_SESSION_STATE_EXITED;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = cairn_test_make_dir ("bench-faults");
  g_autofree char *cli = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "fault-cli.py", NULL);
  const char *mb_text = g_getenv ("CAIRN_FAULT_MB");
  guint mb = mb_text ? (guint)g_ascii_strtoull (mb_text, NULL, 10) : 100;
  g_autofree char *mb_value = g_strdup_printf ("%u", mb);
  g_autoptr(CairnSession) session = NULL;
  long before_kb;
  gint64 start;

  g_setenv ("CAIRN_FAULT", "huge-exit", TRUE);
  g_setenv ("CAIRN_FAULT_MB", mb_value, TRUE);
  session = cairn_session_new (dir, cli);
  before_kb = rss_kb ();
  start = g_get_monotonic_time ();
  cairn_session_send_prompt (session, "hello");
  g_assert_true (cairn_test_wait_until (line_shown, session, 120000));

  g_print ("bench-faults huge-line-mb=%u shown-after-ms=%.0f rss-before-mb=%.1f peak-rss-mb=%.1f "
           "peak-beyond-before-x-line=%.2f rss-after-mb=%.1f\n",
           mb, (g_get_monotonic_time () - start) / 1000.0, before_kb / 1024.0,
           cairn_test_peak_rss_kb () / 1024.0,
           (cairn_test_peak_rss_kb () - before_kb) / (mb * 1024.0), rss_kb () / 1024.0);
  cairn_session_close (session);
  cairn_test_remove_dir (dir);
  return 0;
}
