// Any path that matches no screen shows the 404 screen, with status 404.
import { notFound } from "next/navigation";

export default function CatchAll() {
  notFound();
}
