/* cairn-composer.c
 *
 * Copyright 2026 Cairn developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cairn-composer"

#include "config.h"

#include <glib/gi18n.h>

#include "cairn-command-popover.h"
#include "cairn-composer.h"

/* Where the user writes. Enter sends, Shift+Enter adds a line; the "send"
 * signal carries the text and the composer clears itself. */
struct _CairnComposer
{
  GtkWidget    parent_instance;

  GtkBox      *box;
  GtkTextView *text_view;
  GtkLabel    *placeholder;
  GtkButton   *stop_button;
  GtkButton   *send_button;
  CairnCommandPopover *commands;

  gboolean     busy;
};

G_DEFINE_FINAL_TYPE (CairnComposer, cairn_composer, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

enum {
  SEND,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

char *
cairn_composer_dup_text (CairnComposer *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (CAIRN_IS_COMPOSER (self), NULL);

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static gboolean
has_text (CairnComposer *self)
{
  g_autofree char *text = cairn_composer_dup_text (self);

  return *g_strstrip (text) != '\0';
}

static void
send_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  CairnComposer *self = CAIRN_COMPOSER (widget);
  g_autofree char *text = cairn_composer_dup_text (self);

  if (*g_strstrip (text) == '\0')
    return;
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), "", 0);
  g_signal_emit (self, signals[SEND], 0, text);
}

/* "/com" with nothing after the command name yet: offer completions. */
static void
update_completions (CairnComposer *self)
{
  g_autofree char *text = cairn_composer_dup_text (self);
  gboolean typing_command = text[0] == '/' && strpbrk (text, " \t\n") == NULL;

  if (typing_command && cairn_command_popover_filter (self->commands, text + 1) > 0)
    gtk_popover_popup (GTK_POPOVER (self->commands));
  else
    gtk_popover_popdown (GTK_POPOVER (self->commands));
}

static void
complete_command (CairnComposer *self,
                  const char    *command)
{
  g_autofree char *text = g_strdup_printf ("/%s ", command);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);

  gtk_text_buffer_set_text (buffer, text, -1);
  gtk_popover_popdown (GTK_POPOVER (self->commands));
}

static void
command_chosen_cb (CairnComposer       *self,
                   const char          *command,
                   CairnCommandPopover *popover)
{
  complete_command (self, command);
  gtk_widget_grab_focus (GTK_WIDGET (self->text_view));
}

/* While completions show, Up/Down choose, Tab/Enter complete, Escape
 * closes them (and doesn't stop the reply). */
static gboolean
completion_key (CairnComposer *self,
                guint          keyval)
{
  const char *selected;

  if (!gtk_widget_get_visible (GTK_WIDGET (self->commands)))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Up:
      cairn_command_popover_move (self->commands, -1);
      return TRUE;
    case GDK_KEY_Down:
      cairn_command_popover_move (self->commands, 1);
      return TRUE;
    case GDK_KEY_Escape:
      gtk_popover_popdown (GTK_POPOVER (self->commands));
      return TRUE;
    case GDK_KEY_Tab:
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if ((selected = cairn_command_popover_get_selected (self->commands)))
        complete_command (self, selected);
      return TRUE;
    default:
      return FALSE;
    }
}

void
cairn_composer_set_commands (CairnComposer      *self,
                             const char * const *commands)
{
  g_return_if_fail (CAIRN_IS_COMPOSER (self));

  cairn_command_popover_set_commands (self->commands, commands);
}

static void
buffer_changed_cb (CairnComposer *self,
                   GtkTextBuffer *buffer)
{
  update_completions (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "composer.send", has_text (self));
  gtk_widget_set_visible (GTK_WIDGET (self->placeholder), gtk_text_buffer_get_char_count (buffer) == 0);
}

static gboolean
key_pressed_cb (CairnComposer         *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  if (completion_key (self, keyval))
    return TRUE;
  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter)
    return FALSE;
  /* Shift+Enter (and Ctrl+Enter) fall through to the text view: new line. */
  if (state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK))
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "composer.send", NULL);
  return TRUE;
}

static gboolean
cairn_composer_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (CAIRN_COMPOSER (widget)->text_view));
}

static void
cairn_composer_dispose (GObject *object)
{
  CairnComposer *self = (CairnComposer *)object;

  g_clear_pointer ((GtkWidget **)&self->commands, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), CAIRN_TYPE_COMPOSER);

  G_OBJECT_CLASS (cairn_composer_parent_class)->dispose (object);
}

static void
cairn_composer_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CairnComposer *self = CAIRN_COMPOSER (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_composer_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  CairnComposer *self = CAIRN_COMPOSER (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      cairn_composer_set_busy (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cairn_composer_class_init (CairnComposerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cairn_composer_dispose;
  object_class->get_property = cairn_composer_get_property;
  object_class->set_property = cairn_composer_set_property;
  widget_class->grab_focus = cairn_composer_grab_focus;

  properties [PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals [SEND] =
    g_signal_new ("send", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cairnapp/Cairn/ui/cairn-composer.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_widget_class_set_css_name (widget_class, "composer");
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, box);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, text_view);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, placeholder);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, stop_button);
  gtk_widget_class_bind_template_child (widget_class, CairnComposer, send_button);

  gtk_widget_class_install_action (widget_class, "composer.send", NULL, send_action);
}

static void
cairn_composer_init (CairnComposer *self)
{
  GtkEventController *keys;
  GtkTextBuffer *buffer;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->commands = cairn_command_popover_new ();
  gtk_widget_set_parent (GTK_WIDGET (self->commands), GTK_WIDGET (self->text_view));
  g_signal_connect_object (self->commands, "chosen", G_CALLBACK (command_chosen_cb), self, G_CONNECT_SWAPPED);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->text_view), keys);

  buffer = gtk_text_view_get_buffer (self->text_view);
  g_signal_connect_object (buffer, "changed", G_CALLBACK (buffer_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "composer.send", FALSE);
}

gboolean
cairn_composer_get_busy (CairnComposer *self)
{
  g_return_val_if_fail (CAIRN_IS_COMPOSER (self), FALSE);
  return self->busy;
}

/**
 * cairn_composer_set_busy:
 *
 * While a turn runs, the Stop button shows. Sending stays possible: the CLI
 * queues the prompt and runs it after the current turn.
 */
void
cairn_composer_set_busy (CairnComposer *self,
                         gboolean       busy)
{
  g_return_if_fail (CAIRN_IS_COMPOSER (self));

  busy = !!busy;
  if (self->busy == busy)
    return;
  self->busy = busy;
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}
