import type { ReactNode } from "react";
import { Layout } from "../../components/Layout";
import { Seo } from "../../components/Seo";

// AuthFrame is the narrow card the sign-in pages share; they are noindex.
export function AuthFrame({ title, children, loginRequired }: { title: string; children: ReactNode; loginRequired?: boolean }) {
  return (
    <Layout loginRequired={loginRequired}>
      <Seo title={title + " | Souk"} description={title} noindex />
      <div className="auth-card">
        <h1>{title}</h1>
        {children}
      </div>
    </Layout>
  );
}
