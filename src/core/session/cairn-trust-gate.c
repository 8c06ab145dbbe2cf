/* cairn-trust-gate.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-trust"

#include "config.h"

#include "session/cairn-trust-gate.h"
#include "trust/cairn-trust-check.h"

/* The one door every CLI process of a session goes through (docs/trust.md,
 * "The gate"): a start is allowed only when the folder is clear, checked
 * again for each process, so a folder that changed since is asked about
 * again. While it waits, prompts are held here; "decided" says whether
 * they go (TRUE) or are dropped (FALSE). */
struct _CairnTrustGate
{
  GObject              parent_instance;

  char                *folder;
  CairnTrustGateState  state;
  CairnTrustReport    *report;
  char                *error;
  GPtrArray           *held;       /* JsonObject: prompts typed meanwhile */
  GCancellable        *cancellable;
};

G_DEFINE_FINAL_TYPE (CairnTrustGate, cairn_trust_gate, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_REPORT,
  PROP_ERROR,
  N_PROPS
};

enum {
  DECIDED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_state (CairnTrustGate      *self,
           CairnTrustGateState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
set_report (CairnTrustGate   *self,
            CairnTrustReport *report)
{
  if (g_set_object (&self->report, report))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPORT]);
}

static void
set_error (CairnTrustGate *self,
           const char     *error)
{
  if (g_strcmp0 (self->error, error) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
decide (CairnTrustGate *self,
        gboolean        go)
{
  set_report (self, NULL);
  set_state (self, go ? CAIRN_TRUST_GATE_CLEAR : CAIRN_TRUST_GATE_CANCELLED);
  g_signal_emit (self, signals[DECIDED], 0, go);
}

static void
check_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(CairnTrustGate) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CairnTrustReport) report = cairn_trust_check_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error != NULL)
    {
      set_error (self, error->message);
      decide (self, FALSE);
      return;
    }
  if (report == NULL)
    {
      decide (self, TRUE);
      return;
    }
  set_report (self, report);
  set_state (self, CAIRN_TRUST_GATE_ASKING);
}

static void
begin_check (CairnTrustGate *self)
{
  set_state (self, CAIRN_TRUST_GATE_CHECKING);
  cairn_trust_check_async (self->folder, self->cancellable, check_cb, g_object_ref (self));
}

/**
 * cairn_trust_gate_allows_start:
 *
 * Whether a process may start now. When it may not, the folder is being
 * checked or waits for the user; "decided" tells when that is over.
 */
gboolean
cairn_trust_gate_allows_start (CairnTrustGate *self)
{
  g_return_val_if_fail (CAIRN_IS_TRUST_GATE (self), FALSE);

  switch (self->state)
    {
    case CAIRN_TRUST_GATE_CLEAR:
      set_state (self, CAIRN_TRUST_GATE_UNCHECKED);   /* once: each start is checked */
      return TRUE;
    case CAIRN_TRUST_GATE_CHECKING:
    case CAIRN_TRUST_GATE_ASKING:
    case CAIRN_TRUST_GATE_GRANTING:
      return FALSE;
    case CAIRN_TRUST_GATE_UNCHECKED:
    case CAIRN_TRUST_GATE_CANCELLED:
    default:
      break;
    }
  if (cairn_trust_check_is_clear_fast (self->folder))
    return TRUE;
  set_error (self, NULL);
  begin_check (self);
  return FALSE;
}

/* @message waits for the folder to be cleared. */
void
cairn_trust_gate_hold (CairnTrustGate *self,
                       JsonObject     *message)
{
  g_return_if_fail (CAIRN_IS_TRUST_GATE (self));
  g_ptr_array_add (self->held, json_object_ref (message));
}

/**
 * cairn_trust_gate_get_sending_soon:
 *
 * Whether prompts are held while the folder is checked or its Trust is
 * written: they go on their own in a moment, so the conversation counts
 * as working (not while the page waits for the user).
 */
gboolean
cairn_trust_gate_get_sending_soon (CairnTrustGate *self)
{
  g_return_val_if_fail (CAIRN_IS_TRUST_GATE (self), FALSE);
  return self->held->len > 0 &&
         (self->state == CAIRN_TRUST_GATE_CHECKING || self->state == CAIRN_TRUST_GATE_GRANTING);
}

/**
 * cairn_trust_gate_take_held:
 *
 * Returns: (transfer full) (element-type JsonObject): the held prompts, in
 *   the order they were typed
 */
GPtrArray *
cairn_trust_gate_take_held (CairnTrustGate *self)
{
  GPtrArray *held;

  g_return_val_if_fail (CAIRN_IS_TRUST_GATE (self), NULL);
  held = g_steal_pointer (&self->held);
  self->held = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  return held;
}

static void
grant_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(CairnTrustGate) self = user_data;
  g_autoptr(GError) error = NULL;

  if (cairn_trust_grant_finish (result, &error))
    {
      /* checked once more: a file changed while the page was shown asks
       * again, naming what is new, rather than running unseen */
      set_report (self, NULL);
      begin_check (self);
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* the record could not be written: the folder stays untrusted */
  set_error (self, error->message);
  set_state (self, CAIRN_TRUST_GATE_ASKING);
}

/* The user trusts the folder as the report shows it. */
void
cairn_trust_gate_trust (CairnTrustGate *self)
{
  g_return_if_fail (CAIRN_IS_TRUST_GATE (self));

  if (self->state != CAIRN_TRUST_GATE_ASKING)
    return;
  set_error (self, NULL);
  set_state (self, CAIRN_TRUST_GATE_GRANTING);
  cairn_trust_grant_async (self->report, self->cancellable, grant_cb, g_object_ref (self));
}

/* Nothing starts; the prompts held are dropped. */
void
cairn_trust_gate_cancel (CairnTrustGate *self)
{
  g_return_if_fail (CAIRN_IS_TRUST_GATE (self));

  if (self->state != CAIRN_TRUST_GATE_ASKING)
    return;
  decide (self, FALSE);
}

CairnTrustGateState
cairn_trust_gate_get_state (CairnTrustGate *self)
{
  g_return_val_if_fail (CAIRN_IS_TRUST_GATE (self), CAIRN_TRUST_GATE_UNCHECKED);
  return self->state;
}

/* What the folder would run, while the gate asks. */
CairnTrustReport *
cairn_trust_gate_get_report (CairnTrustGate *self)
{
  g_return_val_if_fail (CAIRN_IS_TRUST_GATE (self), NULL);
  return self->report;
}

/* Why the last check or Trust failed, or NULL. */
const char *
cairn_trust_gate_get_error (CairnTrustGate *self)
{
  g_return_val_if_fail (CAIRN_IS_TRUST_GATE (self), NULL);
  return self->error;
}

CairnTrustGate *
cairn_trust_gate_new (const char *folder)
{
  CairnTrustGate *self = g_object_new (CAIRN_TYPE_TRUST_GATE, NULL);

  self->folder = g_strdup (folder);
  return self;
}

static void
cairn_trust_gate_dispose (GObject *object)
{
  CairnTrustGate *self = CAIRN_TRUST_GATE (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->report);
  G_OBJECT_CLASS (cairn_trust_gate_parent_class)->dispose (object);
}

static void
cairn_trust_gate_finalize (GObject *object)
{
  CairnTrustGate *self = CAIRN_TRUST_GATE (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->held, g_ptr_array_unref);
  g_clear_pointer (&self->folder, g_free);
  g_clear_pointer (&self->error, g_free);
  G_OBJECT_CLASS (cairn_trust_gate_parent_class)->finalize (object);
}

static void
cairn_trust_gate_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CairnTrustGate *self = CAIRN_TRUST_GATE (object);

  switch (prop_id)
    {
    case PROP_STATE: g_value_set_int (value, self->state); break;
    case PROP_REPORT: g_value_set_object (value, self->report); break;
    case PROP_ERROR: g_value_set_string (value, self->error); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_trust_gate_class_init (CairnTrustGateClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cairn_trust_gate_dispose;
  object_class->finalize = cairn_trust_gate_finalize;
  object_class->get_property = cairn_trust_gate_get_property;

  properties[PROP_STATE] = g_param_spec_int ("state", NULL, NULL, 0, CAIRN_TRUST_GATE_CANCELLED, 0,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_REPORT] = g_param_spec_object ("report", NULL, NULL, CAIRN_TYPE_TRUST_REPORT,
                                                 G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (gboolean go): cleared, so held prompts go; or cancelled */
  signals[DECIDED] = g_signal_new ("decided", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
cairn_trust_gate_init (CairnTrustGate *self)
{
  self->held = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  self->cancellable = g_cancellable_new ();
}
