// One mail as the templates write it and the mailer or a preview's outbox takes it.
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
