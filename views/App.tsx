import type { ComponentType } from "react";
import { HelmetProvider } from "react-helmet-async";
import { Document } from "./components/Document";
import { ShopProvider } from "./stores/context";
import { HomePage } from "./pages/home/HomePage";
import { GoodsPage } from "./pages/goods/GoodsPage";
import { IdentityPage } from "./pages/identity/IdentityPage";
import { ErrorPage, NotFoundPage } from "./pages/notfound/NotFoundPage";
import { LoginPage } from "./pages/auth/LoginPage";
import { RegisterPage } from "./pages/auth/RegisterPage";
import { ForgetPwdPage } from "./pages/auth/ForgetPwdPage";
import { EditProfilePage } from "./pages/account/EditProfilePage";
import { MySafesPage } from "./pages/account/MySafesPage";
import { ChangeEmailPage } from "./pages/account/ChangeEmailPage";
import { DestroyAPage, DestroyBPage, DestroyIntroPage } from "./pages/account/DestroyPages";
import { BlockPage, DeclarePage, QrLoginPage, UserPage } from "./pages/account/SmallPages";
import { CartPage } from "./pages/cart/CartPage";
import { AddressManagementPage } from "./pages/address/AddressManagementPage";
import { AddressEditPage } from "./pages/address/AddressEditPage";
import { MakeOrderPage } from "./pages/order/MakeOrderPage";
import { MyOrdersPage } from "./pages/order/MyOrdersPage";
import { MyOrderPage } from "./pages/order/MyOrderPage";
import { ShippingInfoPage } from "./pages/order/ShippingInfoPage";
import { DogePayPage } from "./pages/order/DogePayPage";
import type { PageName, SoukData } from "./lib/types";
import "./styles.css";
import "./icons.css";

const pages: Record<PageName, ComponentType> = {
  home: HomePage,
  goods: GoodsPage,
  identity: IdentityPage,
  notfound: NotFoundPage,
  error: ErrorPage,
  login: LoginPage,
  register: RegisterPage,
  forgetPwd: ForgetPwdPage,
  editProfile: EditProfilePage,
  user: UserPage,
  mysafes: MySafesPage,
  changeEmail: ChangeEmailPage,
  destroyIntro: DestroyIntroPage,
  destroyA: DestroyAPage,
  destroyB: DestroyBPage,
  block: BlockPage,
  qrlogin: QrLoginPage,
  declare: DeclarePage,
  cart: CartPage,
  addresses: AddressManagementPage,
  addressEdit: AddressEditPage,
  makeorder: MakeOrderPage,
  myorders: MyOrdersPage,
  myorder: MyOrderPage,
  shippinginfo: ShippingInfoPage,
  dogepay: DogePayPage,
};

// App is the whole document for one page. The server picks the page and
// loads its data; the same props hydrate it in the browser.
export function App({ data, dataJSON }: { data: SoukData; dataJSON: string }) {
  const Page = pages[data.page] ?? NotFoundPage;
  return (
    <HelmetProvider>
      <ShopProvider data={data}>
        <Document dataJSON={dataJSON}>
          <Page />
        </Document>
      </ShopProvider>
    </HelmetProvider>
  );
}
