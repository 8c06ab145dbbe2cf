/* cairn-terminal-pty.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-terminal"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "widgets/cairn-terminal-pty.h"

/* The PTY side of the terminal pane, read by Cairn rather than by VTE.
 *
 * VTE 0.70 reads its PTY on the main loop and parses what it read in
 * slices it tunes to take VTE_MAX_PROCESS_TIME (100 ms, internal), so a
 * child printing as fast as it can (a flood, binary junk) holds the
 * window 100 ms and more at a time, 165–310 ms on a loaded machine. Here
 * VTE does not read the child's PTY: Cairn reads its master, below drawing,
 * and feeds VTE at most a budget of bytes between two of VTE's
 * processing passes (VTE parses all it was fed in one pass, then waits
 * 30 ms before the next), a budget tuned so that a pass costs
 * TARGET_PASS_MS of the main thread's CPU time. CPU time, not wall time:
 * on a loaded machine most of a pass's wall time is the wait for a core
 * (passes of 8–18 ms of CPU took up to 420 ms), which a smaller pass
 * does not shorten; it only makes the flood slower. The child waits on
 * the PTY meanwhile: nothing is lost or reordered.
 *
 * What VTE did with its PTY is done here: keys, pastes and its answers
 * to the child's queries come back through VteTerminal::commit and are
 * written to the master; the grid's size goes to the PTY (TIOCSWINSZ,
 * so SIGWINCH). VTE still gets a PTY of its own, a sink no child reads:
 * with none it drops legacy (X10) mouse reports before ::commit (its
 * feed_child_binary() returns early without a PTY), with one it commits
 * them as all else it sends. What it writes to the sink is drained and
 * dropped, ::commit has carried it. The end of the child's output (EOF)
 * is reported once VTE has processed all of it, as VTE reported
 * child-exited after EOF. */

/* What one of VTE's passes may cost in CPU time of the main thread; a
 * frame comes between passes, so the frame gap is this (or its wall
 * time, on a loaded machine) and a frame. */
#define TARGET_PASS_MS 12
#define MIN_BUDGET (4 * 1024)
#define MAX_BUDGET (4 * 1024 * 1024)
#define START_BUDGET (64 * 1024)
/* below GTK's drawing (GDK_PRIORITY_REDRAW) and VTE's own passes */
#define READ_PRIORITY (G_PRIORITY_DEFAULT_IDLE + 10)
/* A pass that changed nothing on screen emits no contents-changed: go on
 * after this long anyway. */
#define RESUME_AFTER_MS 100

/* ---- the view: a VteTerminal that reports its grid ---- */

struct _CairnTerminalView
{
  VteTerminal parent_instance;

  glong       columns, rows;
  VtePty     *sink;
  int         sink_peer;
  guint       sink_source;
};

G_DEFINE_FINAL_TYPE (CairnTerminalView, cairn_terminal_view, VTE_TYPE_TERMINAL)

enum { SIGNAL_GRID_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- the sink: a PTY for VTE that no child reads ---- */

static gboolean
sink_drain_cb (int          fd,
               GIOCondition condition,
               gpointer     data)
{
  char buffer[4096];

  while (read (fd, buffer, sizeof buffer) > 0)
    ;
  return G_SOURCE_CONTINUE;
}

/* The sink's other side, raw (nothing echoed back to VTE, every byte as
 * it is) and non-blocking. */
static int
sink_open_peer (VtePty *sink)
{
  struct termios tio;
  int fd = ioctl (vte_pty_get_fd (sink), TIOCGPTPEER, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);

  if (fd < 0)
    return -1;
  if (tcgetattr (fd, &tio) == 0)
    {
      cfmakeraw (&tio);
      tcsetattr (fd, TCSANOW, &tio);
    }
  return fd;
}

/* For the view's whole life: VTE 0.70 crashes when its PTY is set to
 * NULL (vte_terminal_set_pty dereferences it), and the sink's other side
 * stays open until then (VTE would read its closing as a child's end). */
static void
sink_start (CairnTerminalView *self)
{
  g_autoptr(GError) error = NULL;

  self->sink_peer = -1;
  self->sink = vte_pty_new_sync (VTE_PTY_NO_CTTY, NULL, &error);
  if (self->sink != NULL)
    self->sink_peer = sink_open_peer (self->sink);
  if (self->sink_peer < 0)
    {
      /* keys and SGR mouse reports still go through ::commit */
      g_debug ("no sink PTY: %s", error ? error->message : g_strerror (errno));
      g_clear_object (&self->sink);
      return;
    }
  vte_terminal_set_pty (VTE_TERMINAL (self), self->sink);
  self->sink_source = g_unix_fd_add (self->sink_peer, G_IO_IN, sink_drain_cb, NULL);
}

/* VTE sets its grid from its allocation (and from a font change, which
 * reallocates). */
static void
cairn_terminal_view_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  CairnTerminalView *self = CAIRN_TERMINAL_VIEW (widget);
  glong columns, rows;

  GTK_WIDGET_CLASS (cairn_terminal_view_parent_class)->size_allocate (widget, width, height, baseline);
  columns = vte_terminal_get_column_count (VTE_TERMINAL (self));
  rows = vte_terminal_get_row_count (VTE_TERMINAL (self));
  if (columns == self->columns && rows == self->rows)
    return;
  self->columns = columns;
  self->rows = rows;
  g_signal_emit (self, signals[SIGNAL_GRID_CHANGED], 0);
}

static void
cairn_terminal_view_finalize (GObject *object)
{
  CairnTerminalView *self = CAIRN_TERMINAL_VIEW (object);

  g_clear_handle_id (&self->sink_source, g_source_remove);
  if (self->sink_peer >= 0)
    close (self->sink_peer);
  g_clear_object (&self->sink);
  G_OBJECT_CLASS (cairn_terminal_view_parent_class)->finalize (object);
}

static void
cairn_terminal_view_class_init (CairnTerminalViewClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cairn_terminal_view_finalize;
  GTK_WIDGET_CLASS (klass)->size_allocate = cairn_terminal_view_size_allocate;
  signals[SIGNAL_GRID_CHANGED] = g_signal_new ("grid-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                               0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
cairn_terminal_view_init (CairnTerminalView *self)
{
  sink_start (self);
}

GtkWidget *
cairn_terminal_view_new (void)
{
  return g_object_new (CAIRN_TYPE_TERMINAL_VIEW, NULL);
}

/* ---- a meter: when the main loop woke for this iteration, in wall and CPU time ---- */

typedef struct
{
  GSource source;
  gint64  woke, woke_cpu;
} Meter;

/* This thread's CPU time, in µs. */
static gint64
thread_cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static gboolean
meter_prepare (GSource *source,
               int     *timeout)
{
  *timeout = -1;
  return FALSE;
}

/* called after every poll (it is the first source checked), before any
 * dispatch of the iteration */
static gboolean
meter_check (GSource *source)
{
  ((Meter *)source)->woke = g_get_monotonic_time ();
  ((Meter *)source)->woke_cpu = thread_cpu_time ();
  return FALSE;
}

static gboolean
meter_dispatch (GSource     *source,
                GSourceFunc  callback,
                gpointer     user_data)
{
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs meter_funcs = { meter_prepare, meter_check, meter_dispatch, NULL, NULL, NULL };

static GSource *
meter_new (void)
{
  GSource *source = g_source_new (&meter_funcs, sizeof (Meter));

  g_source_set_priority (source, G_MININT / 2);
  g_source_set_static_name (source, "cairn-terminal-meter");
  g_source_attach (source, NULL);
  return source;
}

/* ---- the PTY ---- */

struct _CairnTerminalPty
{
  VteTerminal           *vte;
  VtePty                *pty;
  int                    fd;
  GSource               *meter;
  guint                  read_source, write_source, resume_source, ended_source;
  GByteArray            *outgoing;
  gsize                  budget;
  gsize                  pending;  /* fed since VTE's last pass */
  gboolean               eof;
  CairnTerminalPtyEnded  ended;
  gpointer               user_data;
};

static gboolean read_cb (int fd, GIOCondition condition, gpointer data);

static void
start_reading (CairnTerminalPty *self)
{
  if (self->eof || self->read_source != 0 || self->resume_source != 0)
    return;
  self->read_source = g_unix_fd_add_full (READ_PRIORITY, self->fd, G_IO_IN | G_IO_HUP | G_IO_ERR,
                                          read_cb, self, NULL);
}

static gboolean
ended_cb (gpointer data)
{
  CairnTerminalPty *self = data;
  CairnTerminalPtyEnded ended = self->ended;

  self->ended_source = 0;
  self->ended = NULL;
  ended (self->user_data);
  return G_SOURCE_REMOVE;
}

/* From a main-loop callback of its own: the owner may free self. */
static void
maybe_end (CairnTerminalPty *self)
{
  if (self->eof && self->pending == 0 && self->ended_source == 0 && self->ended != NULL)
    self->ended_source = g_idle_add (ended_cb, self);
}

static gboolean
resume_cb (gpointer data)
{
  CairnTerminalPty *self = data;

  self->resume_source = 0;
  g_debug ("%zu bytes fed, no pass changed anything in %d ms: going on", self->pending, RESUME_AFTER_MS);
  self->pending = 0;
  start_reading (self);
  maybe_end (self);
  return G_SOURCE_REMOVE;
}

static void
wait_for_pass (CairnTerminalPty *self)
{
  if (self->resume_source == 0)
    self->resume_source = g_timeout_add (RESUME_AFTER_MS, resume_cb, self);
}

/* VTE's pass over what it was fed ends with contents-changed (when it
 * changed anything): as VTE tunes its slices, the budget goes halfway to
 * what would have cost TARGET_PASS_MS of CPU, from a pass over most of a
 * budget. */
static void
contents_changed_cb (CairnTerminalPty *self)
{
  Meter *meter = (Meter *)self->meter;
  double cpu_ms = (thread_cpu_time () - meter->woke_cpu) / 1000.0;

  if (self->pending == 0)
    return;
  g_debug ("pass over %zu bytes: %.1f ms CPU, %.1f ms wall; budget %zu", self->pending, cpu_ms,
           (g_get_monotonic_time () - meter->woke) / 1000.0, self->budget);
  if (self->pending >= self->budget / 2 && cpu_ms >= 0.5)
    {
      gsize target = (gsize)(self->pending * (TARGET_PASS_MS / cpu_ms));

      self->budget = CLAMP ((self->budget + target) / 2, MIN_BUDGET, MAX_BUDGET);
    }
  self->pending = 0;
  g_clear_handle_id (&self->resume_source, g_source_remove);
  start_reading (self);
  maybe_end (self);
}

/* Reads until the budget is fed, the PTY is empty or at its end (EIO
 * once the child's side is closed and drained). */
static gboolean
read_cb (int          fd,
         GIOCondition condition,
         gpointer     data)
{
  CairnTerminalPty *self = data;
  char buffer[16384];

  while (self->pending < self->budget)
    {
      ssize_t n = read (fd, buffer, MIN (sizeof buffer, self->budget - self->pending));

      if (n > 0)
        {
          vte_terminal_feed (self->vte, buffer, n);
          self->pending += n;
        }
      else if (n < 0 && errno == EINTR)
        continue;
      else if (n < 0 && errno == EAGAIN)
        return G_SOURCE_CONTINUE;
      else
        {
          self->eof = TRUE;
          self->read_source = 0;
          if (self->pending > 0)
            wait_for_pass (self);
          maybe_end (self);
          return G_SOURCE_REMOVE;
        }
    }
  self->read_source = 0;
  wait_for_pass (self);
  return G_SOURCE_REMOVE;
}

static void
flush (CairnTerminalPty *self)
{
  while (self->outgoing->len > 0)
    {
      ssize_t n = write (self->fd, self->outgoing->data, self->outgoing->len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0 && errno == EAGAIN)
        return;
      if (n < 0)
        {
          /* the child's side is gone: what was typed goes nowhere */
          g_byte_array_set_size (self->outgoing, 0);
          return;
        }
      g_byte_array_remove_range (self->outgoing, 0, (guint)n);
    }
}

static gboolean
writable_cb (int          fd,
             GIOCondition condition,
             gpointer     data)
{
  CairnTerminalPty *self = data;

  flush (self);
  if (self->outgoing->len > 0)
    return G_SOURCE_CONTINUE;
  self->write_source = 0;
  return G_SOURCE_REMOVE;
}

/* Keys, a paste, VTE's answers to the child: in order, never blocking
 * (a child that reads nothing fills the PTY). */
static void
commit_cb (VteTerminal      *vte,
           const char       *text,
           guint             size,
           CairnTerminalPty *self)
{
  g_byte_array_append (self->outgoing, (const guint8 *)text, size);
  flush (self);
  if (self->outgoing->len > 0 && self->write_source == 0)
    self->write_source = g_unix_fd_add (self->fd, G_IO_OUT, writable_cb, self);
}

static void
grid_changed_cb (CairnTerminalPty *self)
{
  g_autoptr(GError) error = NULL;

  if (!vte_pty_set_size (self->pty, (int)vte_terminal_get_row_count (self->vte),
                         (int)vte_terminal_get_column_count (self->vte), &error))
    g_debug ("%s", error->message);
}

/* VTE's PTY is in packet mode (a header byte before each read) and
 * non-blocking; Cairn reads plain bytes. */
static void
set_plain (int fd)
{
  int zero = 0;

  ioctl (fd, TIOCPKT, &zero);
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) | O_NONBLOCK);
}

/**
 * cairn_terminal_pty_new:
 * @view: the terminal, which must have no VtePty
 * @pty: the child's PTY
 * @ended: called once all the child's output is shown (or stop was asked)
 *
 * Returns: (transfer full): the PTY read into @view and written from it
 */
CairnTerminalPty *
cairn_terminal_pty_new (CairnTerminalView     *view,
                        VtePty                *pty,
                        CairnTerminalPtyEnded  ended,
                        gpointer               user_data)
{
  CairnTerminalPty *self = g_new0 (CairnTerminalPty, 1);

  self->vte = VTE_TERMINAL (view);
  self->pty = g_object_ref (pty);
  self->fd = vte_pty_get_fd (pty);
  self->outgoing = g_byte_array_new ();
  self->budget = START_BUDGET;
  self->ended = ended;
  self->user_data = user_data;
  self->meter = meter_new ();
  set_plain (self->fd);
  g_signal_connect (view, "commit", G_CALLBACK (commit_cb), self);
  g_signal_connect_swapped (view, "grid-changed", G_CALLBACK (grid_changed_cb), self);
  g_signal_connect_swapped (view, "contents-changed", G_CALLBACK (contents_changed_cb), self);
  grid_changed_cb (self);
  start_reading (self);
  return self;
}

/* The child has ended but something else holds its PTY open (what it
 * started in the background): as VTE does, stop waiting for EOF. */
void
cairn_terminal_pty_stop (CairnTerminalPty *self)
{
  g_clear_handle_id (&self->read_source, g_source_remove);
  self->eof = TRUE;
  if (self->pending > 0)
    wait_for_pass (self);
  maybe_end (self);
}

void
cairn_terminal_pty_free (CairnTerminalPty *self)
{
  if (self == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->vte, self);
  g_clear_handle_id (&self->read_source, g_source_remove);
  g_clear_handle_id (&self->write_source, g_source_remove);
  g_clear_handle_id (&self->resume_source, g_source_remove);
  g_clear_handle_id (&self->ended_source, g_source_remove);
  g_source_destroy (self->meter);
  g_source_unref (self->meter);
  g_byte_array_unref (self->outgoing);
  g_object_unref (self->pty);
  g_free (self);
}
